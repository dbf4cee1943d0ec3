import { type CustomCommand, defineCommand } from "just-bash/browser";
import { cNumberValue, original, readInput, splitLines, textResult, utf8Text } from "./io";

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
export function sortCommand(): CustomCommand {
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
  const value = cNumberValue(match[2] ?? "");
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
