import { type RawRunOutcome, TIMEOUT_EXIT_CODE } from "../sandbox/runtime";

/** The result of run_skill_script as the model receives it (CONTRACT §4). */
export interface RunScriptResult {
  exit_code: number;
  stdout: string;
  stderr?: string;
  timed_out: boolean;
  files: string[];
  stdout_truncated?: true;
  stdout_total_chars?: number;
  stderr_truncated?: true;
  stderr_total_chars?: number;
  files_truncated?: true;
  files_total?: number;
  /** What the sandbox itself says about the run; a script's output cannot produce this field. */
  sandbox_notes?: string[];
}

const serializedLength = (value: unknown) => JSON.stringify(value).length;

/**
 * Shapes a raw outcome into the contract result: stderr only on failure, exit 124 on timeout,
 * the sandbox's notes in their own field, and, when the serialized result would pass
 * `limitChars`, stdout shortened from its end, then stderr from its beginning, then `files` cut,
 * each with its flag and full count. `exit_code` and `timed_out` are always kept.
 */
export function shapeRunResult(
  outcome: RawRunOutcome,
  fileUrls: string[],
  limitChars: number,
  notes: readonly string[] = [],
): RunScriptResult {
  const exitCode = outcome.timedOut ? TIMEOUT_EXIT_CODE : outcome.exitCode;
  const failed = exitCode !== 0;
  const allNotes = [...outcome.notes, ...notes];
  const result: RunScriptResult = {
    exit_code: exitCode,
    stdout: outcome.stdout,
    ...(failed ? { stderr: outcome.stderr } : {}),
    timed_out: outcome.timedOut,
    files: fileUrls,
    ...(allNotes.length > 0 ? { sandbox_notes: allNotes } : {}),
  };
  const stdoutCut = outcome.stdoutTotalChars > outcome.stdout.length;
  const stderrCut = failed && outcome.stderrTotalChars > outcome.stderr.length;
  if (!stdoutCut && !stderrCut && serializedLength(result) <= limitChars) return result;

  // A flood of files must not leave no room for the streams: the list gets a third at most.
  if (serializedLength(fileUrls) > limitChars / 3) cutFiles(result, fileUrls, limitChars / 3);

  if (stdoutCut || outcome.stdout.length > 0) {
    result.stdout_truncated = true;
    result.stdout_total_chars = outcome.stdoutTotalChars;
    const budget = limitChars - serializedLength({ ...result, stdout: "" });
    result.stdout = jsonPrefix(outcome.stdout, budget);
  }
  if (failed && (stderrCut || serializedLength(result) > limitChars)) {
    result.stderr_truncated = true;
    result.stderr_total_chars = outcome.stderrTotalChars;
    const budget = limitChars - serializedLength({ ...result, stderr: "" });
    result.stderr = jsonSuffix(outcome.stderr, budget);
  }
  if (serializedLength(result) > limitChars) {
    const flagged = { ...result, files: [], files_truncated: true, files_total: fileUrls.length };
    cutFiles(result, fileUrls, limitChars - serializedLength(flagged) + 2);
  }
  return result;
}

/** Keeps the first URLs whose JSON array fits `budget` characters, flagging the cut. */
function cutFiles(result: RunScriptResult, fileUrls: string[], budget: number): void {
  result.files_truncated = true;
  result.files_total = fileUrls.length;
  let room = budget - 2;
  const kept: string[] = [];
  for (const url of fileUrls) {
    const cost = serializedLength(url) + (kept.length > 0 ? 1 : 0);
    if (cost > room) break;
    room -= cost;
    kept.push(url);
  }
  result.files = kept;
}

/** Characters a code unit takes inside a JSON string literal. */
function escapedLength(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22 || c === 0x5c) return 2;
  if (c < 0x20) return c === 8 || c === 9 || c === 10 || c === 12 || c === 13 ? 2 : 6;
  return 1;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** The longest beginning of `text` whose JSON-escaped form fits `budget`, never splitting a pair. */
function jsonPrefix(text: string, budget: number): string {
  let used = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1));
    const cost = pair ? 2 : isHighSurrogate(c) || isLowSurrogate(c) ? 6 : escapedLength(text, i);
    if (used + cost > budget) break;
    used += cost;
    i += pair ? 2 : 1;
  }
  return text.slice(0, i);
}

/** The longest end of `text` whose JSON-escaped form fits `budget`, never splitting a pair. */
function jsonSuffix(text: string, budget: number): string {
  let used = 0;
  let i = text.length;
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    const pair = isLowSurrogate(c) && isHighSurrogate(text.charCodeAt(i - 2));
    const cost = pair
      ? 2
      : isHighSurrogate(c) || isLowSurrogate(c)
        ? 6
        : escapedLength(text, i - 1);
    if (used + cost > budget) break;
    used += cost;
    i -= pair ? 2 : 1;
  }
  return text.slice(i);
}
