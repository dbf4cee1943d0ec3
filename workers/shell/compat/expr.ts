import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original } from "./io";

// ─── expr ───────────────────────────────────────────────────────────────────────────────────────

/** Characters whose escaping a basic regular expression swaps with an extended one's. */
const SWAPPED = new Set(["(", ")", "{", "}", "+", "?", "|"]);

/**
 * A POSIX basic regular expression (GNU's flavour) as the JavaScript pattern just-bash's expr
 * matches with: `\(…\)` groups, `\{m,n\}` intervals and `\+ \? \|` become operators, their bare
 * forms literals; a leading `*` is a literal; bracket expressions get JavaScript's escaping.
 */
export function basicToJsPattern(basic: string): string {
  let out = "";
  // Where a `*` has nothing to repeat: at the start, after `\(` or `\|`.
  let atStart = true;
  for (let i = 0; i < basic.length; i++) {
    const char = basic.charAt(i);
    const wasAtStart = atStart;
    atStart = false;
    if (char === "[") {
      const bracket = bracketToJs(basic, i);
      out += bracket.pattern;
      i = bracket.end;
    } else if (char === "\\" && i + 1 < basic.length) {
      const next = basic.charAt(++i);
      out += SWAPPED.has(next) ? next : `\\${next}`;
      atStart = next === "(" || next === "|";
    } else if (SWAPPED.has(char)) out += `\\${char}`;
    else if (char === "*" && wasAtStart) out += "\\*";
    else out += char;
  }
  return out;
}

/** POSIX character classes as the ranges a JavaScript class holds. */
const NAMED_CLASSES: Record<string, string> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  blank: " \\t",
  digit: "0-9",
  lower: "a-z",
  space: " \\t\\n\\r\\f\\v",
  upper: "A-Z",
  xdigit: "0-9A-Fa-f",
  punct: "!-\\/:-@\\[-`{-~",
};

/**
 * The bracket expression starting at `start` as a JavaScript class, and the index of its `]`. In
 * POSIX a `]` first in the list is a member and a backslash is literal; in JavaScript both need
 * escaping. An unterminated bracket is a literal `[`.
 */
function bracketToJs(basic: string, start: number): { pattern: string; end: number } {
  let i = start + 1;
  let pattern = "[";
  if (basic.charAt(i) === "^") {
    pattern += "^";
    i++;
  }
  if (basic.charAt(i) === "]") {
    pattern += "\\]";
    i++;
  }
  for (; i < basic.length; i++) {
    const char = basic.charAt(i);
    if (char === "]") return { pattern: `${pattern}]`, end: i };
    const named = /^\[:([a-z]+):\]/.exec(basic.slice(i));
    if (named && NAMED_CLASSES[named[1]!] !== undefined) {
      pattern += NAMED_CLASSES[named[1]!];
      i += named[0].length - 1;
    } else pattern += char === "\\" || char === "[" ? `\\${char}` : char;
  }
  return { pattern: "\\[", end: start };
}

/** The tokens after which an expr argument is an operand (where `match` is a function). */
const OPERATORS = new Set("| & = != < <= > >= + - * / % :".split(" "));

/**
 * GNU expr's `STRING : REGEX` and `match STRING REGEX` take a basic regular expression; just-bash
 * used the pattern as a JavaScript one, so `expr "$v" : 'v\([0-9]*\)'` (a group capture, the
 * usual way to cut a version out of a string) gave 0, and its `match` was not anchored at the
 * start. Each regex operand is rewritten, and `match A B` becomes `A : B`.
 */
export function exprCommand(): CustomCommand {
  return defineCommand("expr", async (args, ctx) => {
    const rewritten: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      const atOperand = i === 0 || args[i - 1] === "(" || OPERATORS.has(args[i - 1]!);
      if (arg === "match" && atOperand && i + 2 < args.length) {
        rewritten.push(args[i + 1]!, ":", basicToJsPattern(args[i + 2]!));
        i += 2;
      } else if (arg === ":" && i > 0 && i + 1 < args.length) {
        rewritten.push(":", basicToJsPattern(args[++i]!));
      } else rewritten.push(arg);
    }
    return original(ctx, "expr", rewritten);
  });
}
