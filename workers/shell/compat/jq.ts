import { type CustomCommand, defineCommand } from "just-bash/browser";
import { original } from "./io";

// ─── jq ─────────────────────────────────────────────────────────────────────────────────────────

/** jq options followed by two values / one value. */
const JQ_TWO_VALUES = new Set(["--arg", "--argjson", "--slurpfile", "--rawfile", "--argfile"]);
const JQ_ONE_VALUE = new Set(["--indent", "-L"]);

/**
 * Replacements for jq builtins whose just-bash versions differ from jq 1.6/1.7: `@csv` quoted
 * strings only when needed (jq always quotes them) and `@sh` returned null for arrays and an
 * empty string for numbers.
 */
const JQ_FORMATS: Record<string, string> = {
  "@csv": String.raw`(map(if type == "string" then "\"" + gsub("\""; "\"\"") + "\"" elif type == "null" then "" else tostring end) | join(","))`,
  "@sh": `(if type == "array" then map(if type == "string" then @sh else tostring end) | join(" ") elif type == "string" then @sh else tostring end)`,
};

/**
 * `jq`: just-bash's `unique` and `group_by` keep first-appearance order where jq sorts (by value
 * / by the grouping key), `@csv`/`@sh` differ as above, and `-e` exits 1 instead of 4 when
 * the filter produces no output. The filter is rewritten (outside string literals) and the
 * exit status adjusted; programs read with -f are left as they are.
 */
export function jqCommand(): CustomCommand {
  return defineCommand("jq", async (args, ctx) => {
    let filterIndex: number | undefined;
    let exitStatus = false;
    let fromFile = false;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--") {
        if (filterIndex === undefined && !fromFile && i + 1 < args.length) filterIndex = i + 1;
        break;
      }
      if (JQ_TWO_VALUES.has(arg)) i += 2;
      else if (JQ_ONE_VALUE.has(arg)) i += 1;
      else if (arg === "-f" || arg === "--from-file") fromFile = true;
      else if (arg === "--exit-status") exitStatus = true;
      else if (/^-[a-zA-Z]+$/.test(arg)) {
        if (arg.includes("e")) exitStatus = true;
        if (arg.includes("f")) fromFile = true;
      } else if (!arg.startsWith("-") || arg === "-") {
        if (filterIndex === undefined && !fromFile) filterIndex = i;
      }
    }
    const rewritten = [...args];
    if (filterIndex !== undefined)
      rewritten[filterIndex] = rewriteJqFilter(args[filterIndex] ?? ".");
    const result = await original(ctx, "jq", rewritten);
    if (exitStatus && result.exitCode === 1 && result.stdout === "" && result.stderr === "") {
      return { ...result, exitCode: 4 };
    }
    return result;
  });
}

/** Index just past the string literal opening at SOURCE[START], interpolations included. */
function skipJqString(source: string, start: number): number {
  let i = start + 1;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === "\\") {
      i = source.charAt(i + 1) === "(" ? skipJqCode(source, i + 2) : i + 2;
    } else if (c === '"') {
      return i + 1;
    } else i++;
  }
  return i;
}

/** Index just past the `)` that closes code starting at START. */
function skipJqCode(source: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '"') {
      i = skipJqString(source, i);
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") {
      if (depth === 0) return i + 1;
      depth--;
    }
    i++;
  }
  return i;
}

function rewriteJqFilter(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source.charAt(i);
    if (c === '"') {
      const end = skipJqString(source, i);
      out += source.slice(i, end);
      i = end;
      continue;
    }
    if (c === "#") {
      const newline = source.indexOf("\n", i);
      const end = newline < 0 ? source.length : newline;
      out += source.slice(i, end);
      i = end;
      continue;
    }
    const word = /^@?[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))?.[0];
    if (!word || /[A-Za-z0-9_$.@]/.test(source.charAt(i - 1))) {
      out += c;
      i++;
      continue;
    }
    const after = source.slice(i + word.length).trimStart();
    const isDefinition = /\bdef\s+$/.test(out);
    const format = JQ_FORMATS[word];
    if (format !== undefined && !after.startsWith('"')) {
      out += format;
    } else if (word === "unique" && !isDefinition && !/^[(:]/.test(after)) {
      out += "(sort | unique)";
    } else if (word === "group_by" && !isDefinition && after.startsWith("(")) {
      const open = source.indexOf("(", i + word.length);
      const close = skipJqCode(source, open + 1);
      const key = rewriteJqFilter(source.slice(open + 1, close - 1));
      out += `(sort_by(${key}) | group_by(${key}))`;
      i = close;
      continue;
    } else {
      out += word;
    }
    i += word.length;
  }
  return out;
}
