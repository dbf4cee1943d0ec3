/**
 * Example argument lists for one script, read from a skill's instructions so a person can try
 * the script without reading them first. Two forms are understood, best first:
 *  - JSON string arrays (`["data/a.csv", "--json"]`) under a heading that names the script (or
 *    anywhere, in a skill with one script);
 *  - command lines in code that name the script (`python scripts/x.py data/a.csv --json`), their
 *    words after the script path up to a pipe, redirection or comment.
 */
export function exampleArgs(instructions: string, scriptPath: string, scriptCount = 1): string[][] {
  const found: string[][] = [];
  const add = (args: string[]) => {
    if (!found.some((known) => JSON.stringify(known) === JSON.stringify(args))) found.push(args);
  };
  for (const args of jsonExamples(instructions, scriptPath, scriptCount)) add(args);
  for (const args of commandExamples(instructions, scriptPath)) add(args);
  return found;
}

const HEADING = /^\s{0,3}#{1,6}\s/;
const SCRIPT_MENTION = /[\w./-]+\.(?:py|js|mjs|cjs|sh)\b/g;
const ARRAY_CANDIDATE = /\[[^[\]]*\]/g;

function stringArray(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((item) => typeof item === "string")
      ? (value as string[])
      : null;
  } catch {
    return null;
  }
}

function* jsonExamples(instructions: string, scriptPath: string, scriptCount: number) {
  // The script the current section is about: the last one a heading named, until a heading of
  // the same or a higher level names none.
  let section: string | null = null;
  let sectionLevel = 0;
  for (const line of instructions.split("\n")) {
    if (HEADING.test(line)) {
      const level = line.trim().match(/^#+/)![0].length;
      const named = line.match(SCRIPT_MENTION);
      if (named) {
        section = named.some((path) => sameScript(path, scriptPath)) ? scriptPath : "";
        sectionLevel = level;
      } else if (section !== null && level <= sectionLevel) {
        section = "";
      }
      continue;
    }
    const belongs = section === null ? scriptCount === 1 : section === scriptPath;
    if (!belongs) continue;
    for (const candidate of line.match(ARRAY_CANDIDATE) ?? []) {
      const args = stringArray(candidate);
      if (args) yield args;
    }
  }
}

function sameScript(mentioned: string, scriptPath: string): boolean {
  const bare = mentioned.replace(/^\.\//, "");
  return bare === scriptPath || scriptPath.endsWith(`/${bare}`);
}

/** Words of a shell command line: quotes group, `|`, `>`, `<`, `;`, `&` and `#` end it. */
export function commandWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= "";
    } else if (/\s/.test(char)) {
      if (word !== null) words.push(word);
      word = null;
    } else if ("|<>;&#`".includes(char)) {
      break;
    } else {
      word = (word ?? "") + char;
    }
  }
  if (word !== null && !quote) words.push(word);
  return words;
}

/** A word that stands for a value the reader supplies: `<file>`, `[N]`, `{path}`, `FILE`, `...`. */
function isPlaceholder(word: string): boolean {
  return /^[<[{].*[>\]}]$/.test(word) || /^[A-Z][A-Z0-9_]{2,}$/.test(word) || word.includes("...");
}

function* commandExamples(instructions: string, scriptPath: string) {
  // A heading names a script with its synopsis (`scripts/x.py FILE [--json]`), not an example.
  const body = instructions
    .split("\n")
    .filter((line) => !HEADING.test(line))
    .join("\n");
  const fenced = [...body.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const inline = [...body.replace(/```[\s\S]*?```/g, "").matchAll(/`([^`\n]+)`/g)].map(
    (match) => match[1]!,
  );
  for (const code of [...fenced, ...inline]) {
    for (const line of code.split("\n")) {
      const at = line.indexOf(scriptPath);
      if (at < 0) continue;
      const before = line.slice(0, at).trim();
      // The script as a command (or an interpreter's argument), not a path in prose or JSON.
      if (before !== "" && !/(?:^|\s)(?:python3?|node|bash|sh|\.\/?|\$)$/.test(before)) continue;
      const words = commandWords(line.slice(at + scriptPath.length));
      if (words.length > 0 && !words.some(isPlaceholder)) yield words;
    }
  }
}
