import { type CustomCommand, defineCommand } from "just-bash/browser";
import { bytesResult, cNumberValue, original, textResult, utf8Bytes, utf8Text } from "./io";

// ─── printf ─────────────────────────────────────────────────────────────────────────────────────

/**
 * `printf`, reimplemented after bash's builtin (a superset of dash's): just-bash's version
 * rounded `%.0f` of 2.5 up (C rounds exact halves to even), printed `%g` of 100000 as `1`,
 * `%x` of -1 as `1`, big `%f` values in exponent form, and printed its own help for any
 * `--help` argument (`printf '%s\n' "$@"`). Numbers are formatted from the exact binary value
 * of the double, as C does. `%q`, `%a` and `%(…)T` go to just-bash's printf.
 */
export function printfCommand(): CustomCommand {
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
  const value = cNumberValue(match[2] ?? "0");
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
