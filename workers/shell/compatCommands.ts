/**
 * GNU coreutils / dash compatibility fixes for just-bash, registered as custom commands.
 *
 * Each command below shadows a just-bash built-in whose output differs from what a skill author
 * gets from the real tools, in ways ordinary skill scripts run into. Where a small fix suffices,
 * the command adjusts the arguments or the output of the bundled command (`ctx.origCommand`);
 * `sort`, `printf` and `cut -f` are reimplemented because their differences are spread through
 * the whole command. Anything a fix does not understand is handed to the bundled command as is.
 *
 * Differences that live in the interpreter itself (parsing, traps, `local`, …) cannot be fixed
 * here; they are listed in README-differences.md.
 */
import {
  type CustomCommand,
  defineCommand,
  type ExecResult,
  type ResolvedCommandContext,
} from "just-bash/browser";

type Context = ResolvedCommandContext;

export function compatCommands(): CustomCommand[] {
  return [
    uniqCommand(),
    sortCommand(),
    headCommand(),
    cutCommand(),
    wcCommand(),
    printfCommand(),
    jqCommand(),
    envCommand(),
    xargsCommand(),
    shellCommand("sh"),
    shellCommand("bash"),
    mktempCommand(),
    realpathCommand(),
  ];
}

// ─── Shared helpers ─────────────────────────────────────────────────────────────────────────────

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** At runtime `ctx.stdin` is a string with one byte per char (the browser entry has no accessor). */
function stdinBytes(ctx: Context): string {
  return ctx.stdin as unknown as string;
}

function bytesToLatin1(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return text;
}

function latin1ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

/** UTF-8 encodes text into a byte string. */
const utf8Bytes = (text: string): string => bytesToLatin1(encoder.encode(text));
/** Decodes a byte string as UTF-8. */
const utf8Text = (bytes: string): string => decoder.decode(latin1ToBytes(bytes));

function textResult(stdout: string, stderr = "", exitCode = 0): ExecResult {
  return { stdout, stderr, exitCode, stdoutKind: "text" };
}

function bytesResult(stdout: string, stderr = "", exitCode = 0): ExecResult {
  return { stdout, stderr, exitCode, stdoutKind: "bytes" };
}

/** Runs the bundled just-bash command that a compat command shadows. */
async function original(ctx: Context, name: string, args: string[]): Promise<ExecResult> {
  if (ctx.origCommand) return ctx.origCommand(args);
  return textResult("", `${name}: built-in implementation unavailable\n`, 127);
}

type Input = { ok: true; bytes: string } | { ok: false; message: string };

/** Reads FILE (`-` is stdin) as a byte string. */
async function readInput(ctx: Context, command: string, file: string): Promise<Input> {
  if (file === "-") return { ok: true, bytes: stdinBytes(ctx) };
  const path = ctx.fs.resolvePath(ctx.cwd, file);
  try {
    if ((await ctx.fs.stat(path)).isDirectory) {
      return { ok: false, message: `${command}: ${file}: Is a directory\n` };
    }
    return { ok: true, bytes: bytesToLatin1(await ctx.fs.readFileBuffer(path)) };
  } catch {
    return { ok: false, message: `${command}: ${file}: No such file or directory\n` };
  }
}

/** Splits into lines; a last line without its terminator still counts. */
function splitLines(text: string, terminator = "\n"): string[] {
  if (text === "") return [];
  const lines = text.split(terminator);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** Compares by code point, which is byte order for UTF-8 and so GNU's order in C.UTF-8. */
function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // UTF-16 puts U+E000–U+FFFF above the surrogates of astral characters; code points do not.
      const rank = (c: number) =>
        c >= 0xd800 && c <= 0xdfff ? c + 0x2000 : c >= 0xe000 ? c - 0x800 : c;
      return rank(x) - rank(y);
    }
  }
  return a.length - b.length;
}

// ─── uniq ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `uniq -c`: GNU prints the count right-aligned in 7 columns (`%7d `); just-bash pads to 4, so
 * every `sort | uniq -c` report looked different.
 */
function uniqCommand(): CustomCommand {
  return defineCommand("uniq", async (args, ctx) => {
    const result = await original(ctx, "uniq", args);
    const end = args.indexOf("--");
    const options = end < 0 ? args : args.slice(0, end);
    if (!options.some((a) => a === "--count" || /^-[a-zA-Z]*c/.test(a))) return result;
    const stdout = result.stdout.replace(
      /^ *(\d+) /gm,
      (_m, count: string) => `${count.padStart(7)} `,
    );
    return { ...result, stdout };
  });
}

// ─── sort ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `sort`, reimplemented after GNU sort because just-bash's key handling differs throughout:
 * per-key modifiers (`-k1,1nr`) lose their `r`, a numeric first key followed by a second key is
 * compared as text, and `-f`, `-V` and `-h` order differently. GNU semantics kept here: fields
 * include their leading blanks unless `b`; a key with any modifier of its own ignores the global
 * ones; equal keys fall back to comparing whole lines (unless `-s`/`-u`), reversed by `-r`;
 * `-n` skips leading blanks and reads no `+` or thousands separator; text compares by code point
 * (the C.UTF-8 collation). `-R` and options not listed go to just-bash's sort.
 */
function sortCommand(): CustomCommand {
  return defineCommand("sort", async (args, ctx) => {
    const options = parseSortArgs(args);
    if (!options) return original(ctx, "sort", args);
    const terminator = options.zero ? "\0" : "\n";
    let text = "";
    for (const file of options.files.length ? options.files : ["-"]) {
      const input = await readInput(ctx, "sort", file);
      if (!input.ok) return textResult("", `sort: cannot read: ${input.message.slice(6)}`, 2);
      const content = utf8Text(input.bytes);
      text += content === "" || content.endsWith(terminator) ? content : content + terminator;
    }
    // Plain UTF-16 comparison equals code point order unless both kinds of high characters occur.
    const compareText =
      /[\uD800-\uDFFF]/.test(text) && /[\uE000-\uFFFF]/.test(text)
        ? compareCodePoints
        : compareUnits;
    const records = splitLines(text, terminator).map((line) => ({
      line,
      keys: options.keys.map((key) =>
        prepareSortKey(sortKeyText(line, key, options.separator), key),
      ),
    }));
    const compare = (a: SortRecord, b: SortRecord): number => {
      for (let i = 0; i < options.keys.length; i++) {
        const key = options.keys[i]!;
        const diff = compareSortKeys(a.keys[i]!, b.keys[i]!, key, compareText);
        if (diff !== 0) return key.reverse ? -diff : diff;
      }
      if (options.keys.length && (options.unique || options.stable)) return 0;
      // GNU's last-resort comparison of whole lines, reversed only by a global -r.
      const diff = compareText(a.line, b.line);
      return options.reverse ? -diff : diff;
    };
    if (options.check) {
      for (let i = 1; i < records.length; i++) {
        const diff = compare(records[i - 1]!, records[i]!);
        if (diff > 0 || (options.unique && diff === 0)) {
          const file = options.files[0] ?? "-";
          const message =
            options.check === "quiet"
              ? ""
              : `sort: ${file}:${i + 1}: disorder: ${records[i]!.line}\n`;
          return textResult("", message, 1);
        }
      }
      return textResult("");
    }
    records.sort(compare);
    const output = options.unique
      ? records.filter((record, i) => i === 0 || compare(records[i - 1]!, record) !== 0)
      : records;
    const sorted = output.map((record) => record.line + terminator).join("");
    if (options.output !== undefined) {
      await ctx.fs.writeFile(ctx.fs.resolvePath(ctx.cwd, options.output), sorted);
      return textResult("");
    }
    return textResult(sorted);
  });
}

type SortMode = "text" | "numeric" | "general" | "human" | "month" | "version";

interface SortKey {
  /** 0-based field and character where the key starts. */
  startField: number;
  startChar: number;
  /** 0-based last field (Infinity: end of line) and its last character (0: end of the field). */
  endField: number;
  endChar: number;
  skipStartBlanks: boolean;
  skipEndBlanks: boolean;
  mode: SortMode;
  fold: boolean;
  dictionary: boolean;
  printableOnly: boolean;
  reverse: boolean;
}

interface SortOptions {
  keys: SortKey[];
  separator: string | undefined;
  reverse: boolean;
  unique: boolean;
  stable: boolean;
  check: "" | "report" | "quiet";
  zero: boolean;
  output: string | undefined;
  files: string[];
}

const SORT_MODIFIERS = "bdfghiMnrV";

/** Applies modifier letters to a key; `b` goes to the start or end position as GNU does. */
function applySortModifiers(key: SortKey, letters: string, position: "start" | "end" | "both") {
  for (const letter of letters) {
    if (letter === "b") {
      if (position !== "end") key.skipStartBlanks = true;
      if (position !== "start") key.skipEndBlanks = true;
    } else if (letter === "d") key.dictionary = true;
    else if (letter === "f") key.fold = true;
    else if (letter === "i") key.printableOnly = true;
    else if (letter === "r") key.reverse = true;
    else if (letter === "n") key.mode = "numeric";
    else if (letter === "g") key.mode = "general";
    else if (letter === "h") key.mode = "human";
    else if (letter === "M") key.mode = "month";
    else if (letter === "V") key.mode = "version";
  }
}

function wholeLineKey(): SortKey {
  return {
    startField: 0,
    startChar: 0,
    endField: Number.POSITIVE_INFINITY,
    endChar: 0,
    skipStartBlanks: false,
    skipEndBlanks: false,
    mode: "text",
    fold: false,
    dictionary: false,
    printableOnly: false,
    reverse: false,
  };
}

/** Parses `-k F[.C][OPTS][,F[.C][OPTS]]`; undefined when GNU would reject it. */
function parseSortKey(spec: string): { key: SortKey; modifiers: string } | undefined {
  const match = /^(\d+)(?:\.(\d+))?([bdfghiMnrV]*)(?:,(\d+)(?:\.(\d+))?([bdfghiMnrV]*))?$/.exec(
    spec,
  );
  if (!match) return undefined;
  const key = wholeLineKey();
  key.startField = Number(match[1]) - 1;
  key.startChar = match[2] === undefined ? 0 : Number(match[2]) - 1;
  if (key.startField < 0 || key.startChar < 0) return undefined;
  if (match[4] !== undefined) {
    key.endField = Number(match[4]) - 1;
    key.endChar = match[5] === undefined ? 0 : Number(match[5]);
    if (key.endField < 0) return undefined;
  }
  applySortModifiers(key, match[3] ?? "", "start");
  applySortModifiers(key, match[6] ?? "", "end");
  return { key, modifiers: (match[3] ?? "") + (match[6] ?? "") };
}

function parseSortArgs(args: string[]): SortOptions | undefined {
  let globals = "";
  const keySpecs: string[] = [];
  const options: SortOptions = {
    keys: [],
    separator: undefined,
    reverse: false,
    unique: false,
    stable: false,
    check: "",
    zero: false,
    output: undefined,
    files: [],
  };
  const longLetters: Record<string, string> = {
    "--ignore-leading-blanks": "b",
    "--dictionary-order": "d",
    "--ignore-case": "f",
    "--general-numeric-sort": "g",
    "--human-numeric-sort": "h",
    "--ignore-nonprinting": "i",
    "--month-sort": "M",
    "--numeric-sort": "n",
    "--reverse": "r",
    "--version-sort": "V",
  };
  const sortWords: Record<string, string> = {
    numeric: "n",
    "general-numeric": "g",
    "human-numeric": "h",
    month: "M",
    version: "V",
  };
  const setValue = (letter: string, value: string | undefined): boolean => {
    if (value === undefined) return false;
    if (letter === "k") keySpecs.push(value);
    else if (letter === "t") {
      const separator = value === "\\0" ? "\0" : value;
      if ([...separator].length !== 1) return false;
      options.separator = separator;
    } else if (letter === "o") options.output = value;
    // -S (buffer size) and -T (temporary directory) only tune performance.
    return true;
  };
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (endOfOptions || arg === "-" || !arg.startsWith("-")) {
      options.files.push(arg);
    } else if (arg === "--") {
      endOfOptions = true;
    } else if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg : arg.slice(0, eq);
      const inline = eq < 0 ? undefined : arg.slice(eq + 1);
      const value = () => inline ?? args[++i];
      const letters = longLetters[name];
      if (letters !== undefined) globals += letters;
      else if (name === "--unique") options.unique = true;
      else if (name === "--stable") options.stable = true;
      else if (name === "--zero-terminated") options.zero = true;
      else if (name === "--merge") continue;
      else if (name === "--check") {
        options.check = inline === "quiet" || inline === "silent" ? "quiet" : "report";
      } else if (name === "--key") {
        if (!setValue("k", value())) return undefined;
      } else if (name === "--field-separator") {
        if (!setValue("t", value())) return undefined;
      } else if (name === "--output") {
        if (!setValue("o", value())) return undefined;
      } else if (name === "--sort") {
        const letter = sortWords[value() ?? ""];
        if (letter === undefined) return undefined;
        globals += letter;
      } else if (
        name === "--parallel" ||
        name === "--buffer-size" ||
        name === "--temporary-directory"
      ) {
        value();
      } else return undefined;
    } else {
      for (let j = 1; j < arg.length; j++) {
        const letter = arg.charAt(j);
        if (SORT_MODIFIERS.includes(letter)) globals += letter;
        else if (letter === "u") options.unique = true;
        else if (letter === "s") options.stable = true;
        else if (letter === "z") options.zero = true;
        else if (letter === "m") continue;
        else if (letter === "c") options.check = "report";
        else if (letter === "C") options.check = "quiet";
        else if ("ktoST".includes(letter)) {
          if (!setValue(letter, j + 1 < arg.length ? arg.slice(j + 1) : args[++i]))
            return undefined;
          break;
        } else return undefined;
      }
    }
  }
  options.reverse = globals.includes("r");
  for (const spec of keySpecs) {
    const parsed = parseSortKey(spec);
    if (!parsed) return undefined;
    // GNU: a key without modifiers of its own takes all the global ones.
    if (parsed.modifiers === "") applySortModifiers(parsed.key, globals, "both");
    options.keys.push(parsed.key);
  }
  // Global ordering options with no -k make the whole line a key (a bare -r only reverses).
  if (options.keys.length === 0 && /[bdfghiMnV]/.test(globals)) {
    const key = wholeLineKey();
    applySortModifiers(key, globals, "both");
    options.keys.push(key);
  }
  return options;
}

const isBlank = (c: string): boolean => c === " " || c === "\t" || c === "\n";

/** Text of KEY in LINE, positions computed as GNU's begfield/limfield do. */
function sortKeyText(line: string, key: SortKey, separator: string | undefined): string {
  const limit = line.length;
  let start = 0;
  let fields = key.startField;
  while (start < limit && fields-- > 0) {
    if (separator !== undefined) {
      while (start < limit && line[start] !== separator) start++;
      if (start < limit) start++;
    } else {
      while (start < limit && isBlank(line.charAt(start))) start++;
      while (start < limit && !isBlank(line.charAt(start))) start++;
    }
  }
  if (key.skipStartBlanks) while (start < limit && isBlank(line.charAt(start))) start++;
  start = Math.min(limit, start + key.startChar);

  let end = limit;
  if (key.endField !== Number.POSITIVE_INFINITY) {
    end = 0;
    fields = key.endChar === 0 ? key.endField + 1 : key.endField;
    while (end < limit && fields-- > 0) {
      if (separator !== undefined) {
        while (end < limit && line[end] !== separator) end++;
        if (end < limit && (fields > 0 || key.endChar !== 0)) end++;
      } else {
        while (end < limit && isBlank(line.charAt(end))) end++;
        while (end < limit && !isBlank(line.charAt(end))) end++;
      }
    }
    if (key.endChar !== 0) {
      if (key.skipEndBlanks) while (end < limit && isBlank(line.charAt(end))) end++;
      end = Math.min(limit, end + key.endChar);
    }
  }
  return end > start ? line.slice(start, end) : "";
}

const compareUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface NumericValue {
  negative: boolean;
  whole: string;
  fraction: string;
}

/** A key's text parsed once for its mode (sorting compares each line many times). */
interface PreparedKey {
  /** Text to compare (translated for -f/-d/-i); the raw key for -V. */
  text: string;
  /** -n and -h. */
  number: NumericValue;
  /** -g: undefined when the key does not start with a number. */
  float: number | undefined;
  /** -M month (0 if none) or -h unit order (signed). */
  rank: number;
}

interface SortRecord {
  line: string;
  keys: PreparedKey[];
}

const NO_NUMBER: NumericValue = { negative: false, whole: "", fraction: "" };

function prepareSortKey(text: string, key: SortKey): PreparedKey {
  const prepared: PreparedKey = { text, number: NO_NUMBER, float: undefined, rank: 0 };
  if (key.mode === "numeric" || key.mode === "human") prepared.number = parseSortNumber(text);
  if (key.mode === "human") {
    // GNU -h: the SI suffix (K < M < G …) decides first, the number second.
    const unit = /^[ \t\n]*-?[\d.]*([kKMGTPEZYRQ]?)/.exec(text)?.[1] || " ";
    const order = " KMGTPEZYRQ".indexOf(unit.toUpperCase());
    prepared.rank = prepared.number.negative ? -order : order;
  }
  if (key.mode === "month") {
    const name = text.trimStart().slice(0, 3).toUpperCase();
    prepared.rank =
      ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"].indexOf(
        name,
      ) + 1;
  }
  if (key.mode === "general") prepared.float = parseSortFloat(text);
  if (key.mode === "text" && (key.fold || key.dictionary || key.printableOnly)) {
    prepared.text = translateSortText(text, key);
  }
  return prepared;
}

function compareSortKeys(
  a: PreparedKey,
  b: PreparedKey,
  key: SortKey,
  compareText: (a: string, b: string) => number,
): number {
  switch (key.mode) {
    case "numeric":
      return compareSortNumbers(a.number, b.number);
    case "human":
      return a.rank - b.rank || compareSortNumbers(a.number, b.number);
    case "month":
      return a.rank - b.rank;
    case "general":
      return compareSortFloats(a.float, b.float);
    case "version":
      return compareVersions(a.text, b.text);
    default:
      return compareText(a.text, b.text);
  }
}

/** -f folds ASCII lower case to upper; -d keeps blanks and alphanumerics; -i keeps printables. */
function translateSortText(text: string, key: SortKey): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (key.dictionary && !isBlank(ch) && !/[A-Za-z0-9]/.test(ch)) continue;
    if (key.printableOnly && (code < 0x20 || code >= 0x7f)) continue;
    out += key.fold && code >= 0x61 && code <= 0x7a ? String.fromCharCode(code - 0x20) : ch;
  }
  return out;
}

/** GNU -n: optional blanks, optional '-', digits, optional '.digits'; anything else reads as 0. */
function parseSortNumber(text: string): NumericValue {
  const match = /^[ \t\n]*(-?)(\d*)(?:\.(\d*))?/.exec(text);
  const whole = (match?.[2] ?? "").replace(/^0+/, "");
  const fraction = (match?.[3] ?? "").replace(/0+$/, "");
  return { negative: match?.[1] === "-" && (whole !== "" || fraction !== ""), whole, fraction };
}

/** Exact comparison of decimal strings of any length. */
function compareSortNumbers(x: NumericValue, y: NumericValue): number {
  if (x.negative !== y.negative) return x.negative ? -1 : 1;
  const magnitude =
    x.whole.length - y.whole.length ||
    compareUnits(x.whole, y.whole) ||
    compareUnits(x.fraction, y.fraction);
  return x.negative ? -magnitude : magnitude;
}

/** GNU -g reads a strtod prefix: decimal or hex numbers, inf and nan. */
function parseSortFloat(text: string): number | undefined {
  const match =
    /^[ \t\n]*([+-]?)(0x[0-9a-f]+|inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i.exec(text);
  if (!match) return undefined;
  const body = (match[2] ?? "").toLowerCase();
  const value = body.startsWith("0x")
    ? Number.parseInt(body.slice(2), 16)
    : body.startsWith("inf")
      ? Number.POSITIVE_INFINITY
      : body === "nan"
        ? Number.NaN
        : Number(body);
  return match[1] === "-" ? -value : value;
}

/** GNU -g order: keys that are not numbers first, then NaN, then numbers. */
function compareSortFloats(x: number | undefined, y: number | undefined): number {
  if (x === undefined) return y === undefined ? 0 : -1;
  if (y === undefined) return 1;
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * GNU -V (gnulib filevercmp): names starting with "." first, then file suffixes such as ".txt"
 * are set aside and the rest compared as versions (digit runs as numbers, `~` before anything).
 */
function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  if (a === "" || b === "") return a === "" ? -1 : 1;
  if (a.startsWith(".") !== b.startsWith(".")) return a.startsWith(".") ? -1 : 1;
  for (const special of [".", ".."]) {
    if (a === special || b === special) return a === special ? -1 : 1;
  }
  const suffix = /(?:\.[A-Za-z~][A-Za-z0-9~]*)*$/;
  const aPrefix = a.slice(0, a.length - (suffix.exec(a)?.[0].length ?? 0));
  const bPrefix = b.slice(0, b.length - (suffix.exec(b)?.[0].length ?? 0));
  const first = compareVersionStrings(aPrefix, bPrefix);
  if (first || (aPrefix === a && bPrefix === b)) return first;
  return compareVersionStrings(a, b);
}

/** gnulib's verrevcmp. */
function compareVersionStrings(a: string, b: string): number {
  const isDigit = (c: string) => c >= "0" && c <= "9";
  const rank = (s: string, i: number): number => {
    const c = s.charAt(i);
    if (c === "" || isDigit(c)) return 0;
    if (/[A-Za-z]/.test(c)) return c.charCodeAt(0);
    if (c === "~") return -1;
    return c.charCodeAt(0) + 256;
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    while ((i < a.length && !isDigit(a.charAt(i))) || (j < b.length && !isDigit(b.charAt(j)))) {
      const diff = rank(a, i) - rank(b, j);
      if (diff) return diff;
      i++;
      j++;
    }
    while (a.charAt(i) === "0") i++;
    while (b.charAt(j) === "0") j++;
    let firstDiff = 0;
    while (isDigit(a.charAt(i)) && isDigit(b.charAt(j))) {
      if (!firstDiff) firstDiff = a.charCodeAt(i) - b.charCodeAt(j);
      i++;
      j++;
    }
    if (isDigit(a.charAt(i))) return 1;
    if (isDigit(b.charAt(j))) return -1;
    if (firstDiff) return firstDiff;
  }
  return 0;
}

// ─── head ───────────────────────────────────────────────────────────────────────────────────────

/**
 * `head -n -N` / `head -c -N` (GNU: all but the last N lines/bytes) is rejected by just-bash
 * ("invalid number of lines"); it is the usual way to drop a trailer.
 */
function headCommand(): CustomCommand {
  return defineCommand("head", async (args, ctx) => {
    let unit: "lines" | "bytes" = "lines";
    let count: string | undefined;
    let quiet = false;
    let verbose = false;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      const inline = /^(?:-([nc])|--(lines|bytes)=)(.+)$/.exec(arg);
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      } else if (arg === "-n" || arg === "-c" || arg === "--lines" || arg === "--bytes") {
        unit = arg === "-c" || arg === "--bytes" ? "bytes" : "lines";
        count = args[++i];
      } else if (inline) {
        unit = inline[1] === "c" || inline[2] === "bytes" ? "bytes" : "lines";
        count = inline[3];
      } else if (arg === "-q" || arg === "--quiet" || arg === "--silent") quiet = true;
      else if (arg === "-v" || arg === "--verbose") verbose = true;
      else if (/^-\d+$/.test(arg)) count = arg.slice(1);
      else if (arg.startsWith("-") && arg !== "-") return original(ctx, "head", args);
      else files.push(arg);
    }
    if (count === undefined || !/^-\d+$/.test(count)) return original(ctx, "head", args);
    const drop = Number(count.slice(1));
    const inputs = files.length ? files : ["-"];
    const headers = verbose || (inputs.length > 1 && !quiet);
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const [index, file] of inputs.entries()) {
      const input = await readInput(ctx, "head", file);
      if (!input.ok) {
        stderr += input.message;
        exitCode = 1;
        continue;
      }
      if (headers) {
        stdout += utf8Bytes(
          `${index ? "\n" : ""}==> ${file === "-" ? "standard input" : file} <==\n`,
        );
      }
      if (unit === "bytes") {
        stdout += input.bytes.slice(0, Math.max(0, input.bytes.length - drop));
      } else {
        const lines = input.bytes.match(/[^\n]*\n|[^\n]+$/g) ?? [];
        stdout += lines.slice(0, Math.max(0, lines.length - drop)).join("");
      }
    }
    return bytesResult(stdout, stderr, exitCode);
  });
}

// ─── cut ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `cut -f`: GNU prints a line that has no delimiter unchanged (unless -s) where just-bash
 * printed an empty line, and GNU outputs the selected fields in line order (`-f3,1` gives
 * fields 1 and 3) where just-bash followed the list order. Adds GNU's --complement and
 * --output-delimiter. Byte and character modes (-b/-c) stay with just-bash.
 */
function cutCommand(): CustomCommand {
  return defineCommand("cut", async (args, ctx) => {
    let delimiter = "\t";
    let list: string | undefined;
    let onlyDelimited = false;
    let complement = false;
    let outputDelimiter: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      }
      if (arg.startsWith("--")) {
        const eq = arg.indexOf("=");
        const name = eq < 0 ? arg : arg.slice(0, eq);
        const value = () => (eq < 0 ? args[++i] : arg.slice(eq + 1)) ?? "";
        if (name === "--fields") list = value();
        else if (name === "--delimiter") delimiter = value();
        else if (name === "--only-delimited") onlyDelimited = true;
        else if (name === "--complement") complement = true;
        else if (name === "--output-delimiter") outputDelimiter = value();
        else return original(ctx, "cut", args);
      } else if (arg.startsWith("-") && arg !== "-") {
        for (let j = 1; j < arg.length; j++) {
          const letter = arg.charAt(j);
          if (letter === "s") onlyDelimited = true;
          else if (letter === "n") continue;
          else if (letter === "d" || letter === "f") {
            const value = (j + 1 < arg.length ? arg.slice(j + 1) : args[++i]) ?? "";
            if (letter === "d") delimiter = value;
            else list = value;
            break;
          } else return original(ctx, "cut", args);
        }
      } else files.push(arg);
    }
    if (list === undefined) return original(ctx, "cut", args);
    if (delimiter === "") delimiter = "\0";
    if ([...delimiter].length !== 1) {
      return textResult("", "cut: the delimiter must be a single character\n", 1);
    }
    const ranges: Array<[number, number]> = [];
    for (const part of list.split(/[,\s]+/)) {
      const match = /^(\d*)(-?)(\d*)$/.exec(part);
      if (!match || part === "" || part === "-") {
        return textResult("", `cut: invalid field range '${part}'\n`, 1);
      }
      const low = match[1] ? Number(match[1]) : 1;
      const high = match[2] ? (match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY) : low;
      if (low < 1 || high < 1) return textResult("", "cut: fields are numbered from 1\n", 1);
      if (high < low) return textResult("", "cut: invalid decreasing range\n", 1);
      ranges.push([low, high]);
    }
    const selected = (field: number) => ranges.some(([low, high]) => field >= low && field <= high);
    const joiner = outputDelimiter ?? delimiter;
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const file of files.length ? files : ["-"]) {
      const input = await readInput(ctx, "cut", file);
      if (!input.ok) {
        stderr += input.message;
        exitCode = 1;
        continue;
      }
      for (const line of splitLines(utf8Text(input.bytes))) {
        if (!line.includes(delimiter)) {
          if (!onlyDelimited) stdout += `${line}\n`;
          continue;
        }
        const fields = line.split(delimiter).filter((_f, i) => selected(i + 1) !== complement);
        stdout += `${fields.join(joiner)}\n`;
      }
    }
    return textResult(stdout, stderr, exitCode);
  });
}

// ─── wc ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * `wc` column widths: GNU prints a lone count unpadded, and otherwise right-aligns every count
 * to the digits of the files' total size, or to 7 when reading a pipe (`cmd | wc`). just-bash
 * always used its own widths. The counts themselves come from just-bash.
 */
function wcCommand(): CustomCommand {
  return defineCommand("wc", async (args, ctx) => {
    const counters = new Set<string>();
    const files: string[] = [];
    const longNames: Record<string, string> = {
      "--lines": "l",
      "--words": "w",
      "--chars": "m",
      "--bytes": "c",
      "--max-line-length": "L",
    };
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--") {
        files.push(...args.slice(i + 1));
        break;
      }
      const long = longNames[arg];
      if (long) counters.add(long);
      else if (/^-[lwmcL]+$/.test(arg)) for (const letter of arg.slice(1)) counters.add(letter);
      else if (arg.startsWith("-") && arg !== "-") return original(ctx, "wc", args);
      else files.push(arg);
    }
    const result = await original(ctx, "wc", args);
    const columns = counters.size || 3;
    const width = await wcWidth(ctx, files, columns);
    const row = new RegExp(`^\\s*${"(\\d+)\\s+".repeat(columns - 1)}(\\d+)(?: (.*))?$`);
    const stdout = result.stdout
      .split("\n")
      .map((line) => {
        const match = row.exec(line);
        if (!match) return line;
        const counts = match.slice(1, columns + 1).map((n) => (n ?? "").padStart(width));
        const name = match[columns + 1];
        return counts.join(" ") + (name === undefined ? "" : ` ${name}`);
      })
      .join("\n");
    return { ...result, stdout };
  });
}

async function wcWidth(ctx: Context, files: string[], columns: number): Promise<number> {
  if (columns === 1 && files.length <= 1) return 1;
  let minimum = 1;
  let total = 0;
  for (const file of files.length ? files : ["-"]) {
    // just-bash cannot tell `wc < file` from a pipe on stdin; treat stdin as the common pipe.
    if (file === "-") {
      minimum = 7;
      continue;
    }
    try {
      const stat = await ctx.fs.stat(ctx.fs.resolvePath(ctx.cwd, file));
      if (stat.isFile) total += stat.size;
      else minimum = 7;
    } catch {
      // GNU skips files it cannot stat.
    }
  }
  return Math.max(String(total).length, minimum);
}

// ─── printf ─────────────────────────────────────────────────────────────────────────────────────

/**
 * `printf`, reimplemented after bash's builtin (a superset of dash's): just-bash's version
 * rounded `%.0f` of 2.5 up (C rounds exact halves to even), printed `%g` of 100000 as `1`,
 * `%x` of -1 as `1`, big `%f` values in exponent form, and printed its own help for any
 * `--help` argument (`printf '%s\n' "$@"`). Numbers are formatted from the exact binary value
 * of the double, as C does. `%q`, `%a` and `%(…)T` go to just-bash's printf.
 */
function printfCommand(): CustomCommand {
  return defineCommand("printf", async (args, ctx) => {
    let rest = args;
    let target: string | undefined;
    if (rest[0] === "-v") {
      target = rest[1];
      rest = rest.slice(2);
    } else if (rest[0]?.startsWith("-v") && rest[0] !== "-v") {
      target = rest[0].slice(2);
      rest = rest.slice(1);
    }
    let endOfOptions = false;
    if (rest[0] === "--") {
      rest = rest.slice(1);
      endOfOptions = true;
    }
    const format = rest[0];
    const unsupported =
      format === undefined ||
      (!endOfOptions && format.startsWith("-") && format !== "-") ||
      (target !== undefined && !ctx.assignShellVariable) ||
      (args[0] === "-v" && target === undefined);
    if (unsupported) return original(ctx, "printf", args);
    const run = runPrintf(format, rest.slice(1));
    if (!run) return original(ctx, "printf", args);
    const exitCode = run.failed ? 1 : 0;
    if (target === undefined) return bytesResult(run.output, run.errors, exitCode);
    const name = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[(.*)\])?$/.exec(target);
    if (!name?.[1] || !ctx.assignShellVariable) {
      return textResult("", `printf: \`${target}': not a valid identifier\n`, 2);
    }
    await ctx.assignShellVariable(name[1], utf8Text(run.output), name[2]);
    return textResult("", run.errors, exitCode);
  });
}

interface PrintfState {
  args: string[];
  next: number;
  failed: boolean;
  stopped: boolean;
  errors: string;
}

/** Runs FORMAT over ARGS, reusing it while arguments remain; undefined to defer to just-bash. */
function runPrintf(
  format: string,
  args: string[],
): { output: string; errors: string; failed: boolean } | undefined {
  const state: PrintfState = { args, next: 0, failed: false, stopped: false, errors: "" };
  let output = "";
  for (;;) {
    const before = state.next;
    const pass = formatOnce(format, state);
    if (pass === undefined) return undefined;
    output += pass;
    if (state.stopped || state.next >= args.length || state.next === before) break;
  }
  return { output, errors: state.errors, failed: state.failed };
}

const FORMAT_ESCAPES: Record<string, string> = {
  "\\": "\\",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  '"': '"',
  "'": "'",
  "?": "?",
};

/**
 * Expands the backslash escape at TEXT[I] to bytes. In the format string octal is `\NNN`;
 * for `%b` (inFormat false) it is `\0NNN` or `\NNN`, `\c` stops all output and only `\"` of
 * the quotes is an escape.
 */
function expandEscape(
  text: string,
  i: number,
  inFormat: boolean,
): { bytes: string; next: number; stop?: boolean } {
  const c = text.charAt(i + 1);
  if (c === "") return { bytes: "\\", next: i + 1 };
  if (!inFormat && c === "c") return { bytes: "", next: i + 2, stop: true };
  const simple = inFormat || !"'?".includes(c) ? FORMAT_ESCAPES[c] : undefined;
  if (simple !== undefined) return { bytes: simple, next: i + 2 };
  const octal = (inFormat || c !== "0" ? /^[0-7]{1,3}/ : /^0[0-7]{0,3}/).exec(text.slice(i + 1));
  if (octal) {
    const digits = !inFormat && c === "0" ? octal[0].slice(1) || "0" : octal[0];
    return {
      bytes: String.fromCharCode(Number.parseInt(digits, 8) & 0xff),
      next: i + 1 + octal[0].length,
    };
  }
  const hexLength = c === "x" ? 2 : c === "u" ? 4 : c === "U" ? 8 : 0;
  const hex = hexLength ? new RegExp(`^[0-9a-fA-F]{1,${hexLength}}`).exec(text.slice(i + 2)) : null;
  if (hex) {
    const value = Number.parseInt(hex[0], 16);
    const bytes =
      c === "x"
        ? String.fromCharCode(value)
        : value <= 0x10ffff
          ? utf8Bytes(String.fromCodePoint(value))
          : "";
    return { bytes, next: i + 2 + hex[0].length };
  }
  return { bytes: utf8Bytes(`\\${c}`), next: i + 2 };
}

const CONVERSION = /%([-+ #0']*)(\*|\d+)?(?:\.(\*|\d*))?(?:hh|h|ll|l|L|j|z|t)?([\s\S])?/y;

/** One pass of FORMAT; returns the output bytes, or undefined to defer to just-bash. */
function formatOnce(format: string, state: PrintfState): string | undefined {
  let out = "";
  let i = 0;
  const takeArg = (): string | undefined =>
    state.next < state.args.length ? state.args[state.next++] : undefined;
  while (i < format.length) {
    const c = format.charAt(i);
    if (c === "\\") {
      const expanded = expandEscape(format, i, true);
      out += expanded.bytes;
      i = expanded.next;
      continue;
    }
    if (c !== "%") {
      let j = i;
      while (j < format.length && format[j] !== "\\" && format[j] !== "%") j++;
      out += utf8Bytes(format.slice(i, j));
      i = j;
      continue;
    }
    if (format.charAt(i + 1) === "%") {
      out += "%";
      i += 2;
      continue;
    }
    CONVERSION.lastIndex = i;
    const spec = CONVERSION.exec(format);
    const conversion = spec?.[4];
    if (!spec || conversion === undefined || !"diouxXcsbeEfFgG".includes(conversion)) {
      if (conversion !== undefined && "qaA(".includes(conversion)) return undefined;
      state.errors += `printf: \`${conversion ?? "%"}': invalid format character\n`;
      state.failed = true;
      state.stopped = true;
      return out;
    }
    i = CONVERSION.lastIndex;
    let flags = spec[1] ?? "";
    let width: number | undefined;
    if (spec[2] === "*") {
      const value = Number(parsePrintfInteger(takeArg(), state));
      if (value < 0) flags += "-";
      width = Math.abs(value);
    } else if (spec[2] !== undefined) width = Number(spec[2]);
    let precision: number | undefined;
    if (spec[3] === "*") {
      const value = Number(parsePrintfInteger(takeArg(), state));
      precision = value < 0 ? undefined : value;
    } else if (spec[3] !== undefined) precision = Number(spec[3] || "0");
    const left = flags.includes("-");
    const pad = (bytes: string) =>
      width === undefined || bytes.length >= width
        ? bytes
        : left
          ? bytes + " ".repeat(width - bytes.length)
          : " ".repeat(width - bytes.length) + bytes;

    if (conversion === "s" || conversion === "b") {
      let bytes = "";
      const arg = takeArg() ?? "";
      if (conversion === "s") bytes = utf8Bytes(arg);
      else {
        for (let k = 0; k < arg.length; ) {
          if (arg[k] === "\\") {
            const expanded = expandEscape(arg, k, false);
            if (expanded.stop) {
              state.stopped = true;
              break;
            }
            bytes += expanded.bytes;
            k = expanded.next;
          } else {
            const ch = String.fromCodePoint(arg.codePointAt(k) ?? 0);
            bytes += utf8Bytes(ch);
            k += ch.length;
          }
        }
      }
      if (precision !== undefined) bytes = bytes.slice(0, precision);
      out += pad(bytes);
      if (state.stopped) return out;
    } else if (conversion === "c") {
      const arg = takeArg();
      const first = arg ? String.fromCodePoint(arg.codePointAt(0) ?? 0) : "\0";
      out += pad(utf8Bytes(first));
    } else if ("diouxX".includes(conversion)) {
      out += formatInteger(
        parsePrintfInteger(takeArg(), state),
        conversion,
        flags,
        width,
        precision,
      );
    } else {
      out += formatFloat(parsePrintfFloat(takeArg(), state), conversion, flags, width, precision);
    }
  }
  return out;
}

/** `'c` / `"c` give the code point of c, as in bash. */
function charConstant(arg: string): number | undefined {
  if (arg[0] !== "'" && arg[0] !== '"') return undefined;
  return arg.length > 1 ? (arg.codePointAt(1) ?? 0) : 0;
}

function invalidNumber(arg: string, state: PrintfState) {
  state.errors += `printf: ${arg}: invalid number\n`;
  state.failed = true;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

/** strtoimax-like: decimal, 0x hex or 0 octal; trailing junk is reported but the prefix used. */
function parsePrintfInteger(arg: string | undefined, state: PrintfState): bigint {
  if (arg === undefined || arg === "") return 0n;
  const quoted = charConstant(arg);
  if (quoted !== undefined) return BigInt(quoted);
  const match = /^[ \t\n\r\f\v]*([+-]?)(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)/.exec(arg);
  if (!match) {
    invalidNumber(arg, state);
    return 0n;
  }
  const digits = match[2] ?? "0";
  let value = /^0[0-7]/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
  if (match[1] === "-") value = -value;
  if (match[0].length !== arg.length) invalidNumber(arg, state);
  if (value > INT64_MAX || value < INT64_MIN) {
    state.errors += `printf: ${arg}: Numerical result out of range\n`;
    state.failed = true;
    value = value > INT64_MAX ? INT64_MAX : INT64_MIN;
  }
  return value;
}

/** strtod-like: decimal or hex numbers, inf and nan; trailing junk is reported. */
function parsePrintfFloat(arg: string | undefined, state: PrintfState): number {
  if (arg === undefined || arg === "") return 0;
  const quoted = charConstant(arg);
  if (quoted !== undefined) return quoted;
  const match =
    /^[ \t\n\r\f\v]*([+-]?)(0[xX][0-9a-fA-F]+|inf(?:inity)?|nan|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/i.exec(
      arg,
    );
  if (!match) {
    invalidNumber(arg, state);
    return 0;
  }
  const body = (match[2] ?? "0").toLowerCase();
  const value = body.startsWith("0x")
    ? Number.parseInt(body.slice(2), 16)
    : body.startsWith("inf")
      ? Number.POSITIVE_INFINITY
      : body === "nan"
        ? Number.NaN
        : Number(body);
  if (match[0].length !== arg.length) invalidNumber(arg, state);
  return match[1] === "-" ? -value : value;
}

/** Pads SIGN+BODY to WIDTH: spaces, or zeros after the sign with the 0 flag. */
function padNumber(
  sign: string,
  body: string,
  flags: string,
  width: number | undefined,
  zeroAllowed: boolean,
): string {
  const length = sign.length + body.length;
  if (width === undefined || length >= width) return sign + body;
  if (flags.includes("-")) return sign + body + " ".repeat(width - length);
  if (flags.includes("0") && zeroAllowed) return sign + "0".repeat(width - length) + body;
  return " ".repeat(width - length) + sign + body;
}

function formatInteger(
  value: bigint,
  conversion: string,
  flags: string,
  width: number | undefined,
  precision: number | undefined,
): string {
  const signed = conversion === "d" || conversion === "i";
  // %u %o %x %X print a negative number as its 64-bit two's complement, as C does.
  const number = signed || value >= 0n ? value : BigInt.asUintN(64, value);
  const negative = number < 0n;
  const base = conversion === "o" ? 8 : conversion === "x" || conversion === "X" ? 16 : 10;
  let digits = (negative ? -number : number).toString(base);
  if (conversion === "X") digits = digits.toUpperCase();
  if (precision !== undefined)
    digits = precision === 0 && number === 0n ? "" : digits.padStart(precision, "0");
  let sign = negative
    ? "-"
    : signed && flags.includes("+")
      ? "+"
      : signed && flags.includes(" ")
        ? " "
        : "";
  if (flags.includes("#")) {
    if (conversion === "o" && !digits.startsWith("0")) digits = `0${digits}`;
    if ((conversion === "x" || conversion === "X") && number !== 0n)
      sign += conversion === "x" ? "0x" : "0X";
  }
  return padNumber(sign, digits, flags, width, precision === undefined);
}

function formatFloat(
  value: number,
  conversion: string,
  flags: string,
  width: number | undefined,
  precision: number | undefined,
): string {
  const negative = value < 0 || Object.is(value, -0);
  const sign = negative ? "-" : flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
  const upper = conversion === "E" || conversion === "F" || conversion === "G";
  if (!Number.isFinite(value)) {
    const body = Number.isNaN(value) ? "nan" : "inf";
    return padNumber(sign, upper ? body.toUpperCase() : body, flags, width, false);
  }
  const magnitude = Math.abs(value);
  const digits = precision ?? 6;
  const alternate = flags.includes("#");
  const kind = conversion.toLowerCase();
  let body =
    kind === "f"
      ? fixedNotation(magnitude, digits, alternate)
      : kind === "e"
        ? exponentNotation(magnitude, digits, alternate)
        : generalNotation(magnitude, digits, alternate);
  if (upper) body = body.toUpperCase();
  return padNumber(sign, body, flags, width, true);
}

/** The exact value of a finite double as DIGITS / 10^SCALE. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  if (value === 0) return { digits: 0n, scale: 0 };
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(value));
  const high = view.getUint32(0);
  const exponentBits = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let exponent = -1074;
  if (exponentBits !== 0) {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  if (exponent >= 0) return { digits: mantissa << BigInt(exponent), scale: 0 };
  return { digits: mantissa * 5n ** BigInt(-exponent), scale: -exponent };
}

/** DIGITS / 10^DROP rounded half to even (C's rounding of exact ties); DROP < 0 scales up. */
function roundHalfEven(digits: bigint, drop: number): bigint {
  if (drop <= 0) return digits * 10n ** BigInt(-drop);
  const divisor = 10n ** BigInt(drop);
  const quotient = digits / divisor;
  const twice = (digits % divisor) * 2n;
  return twice > divisor || (twice === divisor && quotient % 2n === 1n) ? quotient + 1n : quotient;
}

function fixedNotation(magnitude: number, precision: number, alternate: boolean): string {
  const { digits, scale } = exactDecimal(magnitude);
  const text = roundHalfEven(digits, scale - precision)
    .toString()
    .padStart(precision + 1, "0");
  const whole = text.slice(0, text.length - precision);
  if (precision === 0) return alternate ? `${whole}.` : whole;
  return `${whole}.${text.slice(text.length - precision)}`;
}

/** COUNT significant digits of MAGNITUDE, rounded, with the decimal exponent of the first. */
function significantDigits(magnitude: number, count: number): { text: string; exponent: number } {
  if (magnitude === 0) return { text: "0".repeat(count), exponent: 0 };
  const { digits, scale } = exactDecimal(magnitude);
  const length = digits.toString().length;
  let exponent = length - 1 - scale;
  let rounded = roundHalfEven(digits, length - count);
  if (rounded.toString().length > count) {
    rounded /= 10n;
    exponent += 1;
  }
  return { text: rounded.toString(), exponent };
}

function exponentNotation(magnitude: number, precision: number, alternate: boolean): string {
  const { text, exponent } = significantDigits(magnitude, precision + 1);
  const mantissa =
    precision > 0 ? `${text.charAt(0)}.${text.slice(1)}` : alternate ? `${text}.` : text;
  return `${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
}

function generalNotation(magnitude: number, precision: number, alternate: boolean): string {
  const significant = precision === 0 ? 1 : precision;
  const { exponent } = significantDigits(magnitude, significant);
  const body =
    significant > exponent && exponent >= -4
      ? fixedNotation(magnitude, significant - 1 - exponent, alternate)
      : exponentNotation(magnitude, significant - 1, alternate);
  if (alternate) return body;
  const [mantissa = "", exponentPart] = body.split("e");
  const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
  return exponentPart === undefined ? trimmed : `${trimmed}e${exponentPart}`;
}

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
function jqCommand(): CustomCommand {
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

// ─── env ────────────────────────────────────────────────────────────────────────────────────────

/**
 * `env [NAME=VALUE…] [COMMAND…]`. just-bash's env gave NAME to the command's variables but not
 * to its exports, so `env X=1 sh -c 'echo $X'` printed nothing; the command now runs with the
 * assignments as shell prefix assignments, which behave like `X=1 sh -c …`. Without a command,
 * GNU env lists the exported environment, where just-bash listed every shell variable (IFS,
 * OPTIND, `?`, …). Options (-i, -u) stay with just-bash.
 */
function envCommand(): CustomCommand {
  return defineCommand("env", async (args, ctx) => {
    let split = 0;
    while (split < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[split] ?? "")) split++;
    const assignments = args.slice(0, split).map((assignment) => {
      const eq = assignment.indexOf("=");
      return [assignment.slice(0, eq), assignment.slice(eq + 1)] as const;
    });
    const command = args.slice(split);
    const first = command[0];
    if (first === undefined && ctx.exportedEnv) {
      const environment = new Map(Object.entries(ctx.exportedEnv));
      for (const [name, value] of assignments) environment.set(name, value);
      return textResult([...environment].map(([name, value]) => `${name}=${value}\n`).join(""));
    }
    if (split === 0 || first === undefined || first.startsWith("-") || !ctx.exec) {
      return original(ctx, "env", args);
    }
    const prefix = assignments.map(([name, value]) => `${name}=${shellQuote(value)}`).join(" ");
    return ctx.exec(`${prefix} command ${command.map(shellQuote).join(" ")}`, {
      cwd: ctx.cwd,
      // ctx.exec starts from the shell's initial state: hand over the current exports, as
      // just-bash's own sh does.
      env: { ...ctx.exportedEnv },
      stdin: stdinBytes(ctx),
      stdinKind: "bytes",
      signal: ctx.signal,
    });
  });
}

// ─── xargs ──────────────────────────────────────────────────────────────────────────────────────

/**
 * `xargs -n1`, `xargs -I{}`, `xargs -d,`, `xargs -0n1`: just-bash only accepts an option's
 * value as a separate word and rejects these common spellings; split them apart.
 */
function xargsCommand(): CustomCommand {
  const longToShort: Record<string, string> = {
    "--max-args": "-n",
    "--replace": "-I",
    "--delimiter": "-d",
    "--max-procs": "-P",
  };
  return defineCommand("xargs", async (args, ctx) => {
    const normalized: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--" || arg === "-" || !arg.startsWith("-")) {
        normalized.push(...args.slice(i));
        break;
      }
      const long = /^(--[a-z-]+)=([\s\S]*)$/.exec(arg);
      const short = long ? longToShort[long[1] ?? ""] : undefined;
      if (long && short) {
        normalized.push(short, long[2] ?? "");
      } else if (arg.startsWith("--")) {
        normalized.push(arg);
      } else {
        for (let j = 1; j < arg.length; j++) {
          const letter = arg.charAt(j);
          normalized.push(`-${letter}`);
          if ("IdnP".includes(letter)) {
            const value = j + 1 < arg.length ? arg.slice(j + 1) : args[++i];
            if (value !== undefined) normalized.push(value);
            break;
          }
        }
      }
    }
    return original(ctx, "xargs", normalized);
  });
}

// ─── sh / bash ──────────────────────────────────────────────────────────────────────────────────

/**
 * `sh script.sh --help`: just-bash's sh/bash print their own usage when `--help` appears
 * anywhere in the arguments, so a script never saw its own `--help` flag. When `--help` comes
 * after the script (or after `-c STRING`), run the script the way just-bash's sh does.
 */
function shellCommand(name: "sh" | "bash"): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    const first = args[0];
    const scriptHelp =
      first !== undefined && first !== "--help" && args.slice(1).includes("--help");
    if (!scriptHelp || !ctx.exec || (first.startsWith("-") && first !== "-c")) {
      return original(ctx, name, args);
    }
    let source: string;
    let zero: string;
    let params: string[];
    if (first === "-c") {
      source = args[1] ?? "";
      zero = args[2] ?? name;
      params = args.slice(3);
    } else {
      try {
        source = await ctx.fs.readFile(ctx.fs.resolvePath(ctx.cwd, first));
      } catch {
        return textResult("", `${name}: ${first}: No such file or directory\n`, 127);
      }
      zero = first;
      params = args.slice(1);
    }
    if (source.startsWith("#!")) {
      const newline = source.indexOf("\n");
      source = newline < 0 ? "" : source.slice(newline + 1);
    }
    const env: Record<string, string> = Object.assign(Object.create(null), ctx.exportedEnv ?? {}, {
      "0": zero,
      "#": String(params.length),
      "@": params.join(" "),
      "*": params.join(" "),
    });
    params.forEach((param, index) => {
      env[String(index + 1)] = param;
    });
    const options = { env, cwd: ctx.cwd, signal: ctx.signal };
    // As just-bash's sh: the script shares the caller's stdin when the interpreter allows it.
    if (ctx.execWithInheritedStdin) return ctx.execWithInheritedStdin(source, options);
    return ctx.exec(source, { ...options, stdin: stdinBytes(ctx), stdinKind: "bytes" });
  });
}

// ─── mktemp / realpath (missing from just-bash) ─────────────────────────────────────────────────

/** `mktemp [-d] [-u] [-q] [-p DIR | --tmpdir[=DIR] | -t] [TEMPLATE]`, as in GNU coreutils. */
function mktempCommand(): CustomCommand {
  return defineCommand("mktemp", async (args, ctx) => {
    let directory = false;
    let dryRun = false;
    let quiet = false;
    let inTmpdir = false;
    let legacyT = false;
    let base: string | undefined;
    let template: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!;
      if (arg === "--directory") directory = true;
      else if (arg === "--dry-run") dryRun = true;
      else if (arg === "--quiet") quiet = true;
      else if (arg === "--tmpdir" || arg.startsWith("--tmpdir=")) {
        inTmpdir = true;
        if (arg.includes("=")) base = arg.slice(arg.indexOf("=") + 1);
      } else if (arg === "-p" || arg.startsWith("-p")) {
        inTmpdir = true;
        base = arg === "-p" ? args[++i] : arg.slice(2);
      } else if (/^-[duqt]+$/.test(arg)) {
        directory ||= arg.includes("d");
        dryRun ||= arg.includes("u");
        quiet ||= arg.includes("q");
        legacyT ||= arg.includes("t");
      } else if (arg.startsWith("-") && arg !== "-") {
        return textResult("", `mktemp: unrecognized option '${arg}'\n`, 1);
      } else template = arg;
    }
    if (template === undefined) {
      template = "tmp.XXXXXXXXXX";
      inTmpdir = true;
    }
    const xs = /X{3,}$/.exec(template);
    if (!xs) return textResult("", `mktemp: too few X's in template '${template}'\n`, 1);
    const tmpdir = ctx.env.get("TMPDIR") || "/tmp";
    const dir = legacyT ? ctx.env.get("TMPDIR") || base || "/tmp" : inTmpdir ? base || tmpdir : "";
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    for (let attempt = 0; attempt < 100; attempt++) {
      const random = crypto.getRandomValues(new Uint8Array(xs[0].length));
      const name =
        template.slice(0, xs.index) +
        Array.from(random, (b) => alphabet[b % alphabet.length]).join("");
      const shown = dir ? `${dir.replace(/\/+$/, "")}/${name}` : name;
      const path = ctx.fs.resolvePath(ctx.cwd, shown);
      if (await ctx.fs.exists(path)) continue;
      try {
        if (!dryRun && directory) await ctx.fs.mkdir(path);
        if (!dryRun && !directory) await ctx.fs.writeFile(path, "");
        if (!dryRun) await ctx.fs.chmod(path, directory ? 0o700 : 0o600);
      } catch {
        const what = directory ? "directory" : "file";
        const message = `mktemp: failed to create ${what} via template '${shown.slice(0, shown.length - xs[0].length)}${xs[0]}': No such file or directory\n`;
        return textResult("", quiet ? "" : message, 1);
      }
      return textResult(`${shown}\n`);
    }
    return textResult("", quiet ? "" : "mktemp: too many attempts\n", 1);
  });
}

/** `realpath [-e|-m] [-q] PATH…`: the canonical absolute path (GNU: only the last part may be missing). */
function realpathCommand(): CustomCommand {
  return defineCommand("realpath", async (args, ctx) => {
    let mode: "default" | "existing" | "missing" = "default";
    let quiet = false;
    const paths: string[] = [];
    for (const arg of args) {
      if (arg === "-e" || arg === "--canonicalize-existing") mode = "existing";
      else if (arg === "-m" || arg === "--canonicalize-missing") mode = "missing";
      else if (arg === "-q" || arg === "--quiet") quiet = true;
      else if (arg.startsWith("-") && arg !== "-") {
        return textResult("", `realpath: unrecognized option '${arg}'\n`, 1);
      } else paths.push(arg);
    }
    if (!paths.length) return textResult("", "realpath: missing operand\n", 1);
    let stdout = "";
    let stderr = "";
    let exitCode = 0;
    for (const path of paths) {
      const absolute = ctx.fs.resolvePath(ctx.cwd, path);
      try {
        stdout += `${await ctx.fs.realpath(absolute)}\n`;
        continue;
      } catch {
        // Fall through: the path, or part of it, does not exist.
      }
      const slash = absolute.lastIndexOf("/");
      const parent = absolute.slice(0, slash) || "/";
      const leaf = absolute.slice(slash + 1);
      let resolved: string | undefined;
      if (mode === "missing") resolved = absolute;
      else if (mode === "default") {
        try {
          const dir = await ctx.fs.realpath(parent);
          resolved = `${dir === "/" ? "" : dir}/${leaf}`;
        } catch {
          resolved = undefined;
        }
      }
      if (resolved === undefined) {
        if (!quiet) stderr += `realpath: ${path}: No such file or directory\n`;
        exitCode = 1;
      } else stdout += `${resolved}\n`;
    }
    return textResult(stdout, stderr, exitCode);
  });
}
