import type { WheelContents } from "../python/wheelContents";
import type { OutputFileLimits } from "./outputFileLimits";

/** The language a script runs in, chosen by its extension (CONTRACT §4). */
export type ScriptLanguage = "python" | "javascript" | "shell";

/** Everything a runtime needs to run one script, with nothing from the host page. */
export interface RunRequest {
  runId: string;
  language: ScriptLanguage;
  skillName: string;
  /** Path of the script inside the skill folder, e.g. `scripts/bank_api.py`. */
  scriptPath: string;
  args: string[];
  /** Every file of the skill, keyed by its path inside the skill folder. */
  files: Record<string, Uint8Array>;
  /** Folders to create besides those holding files (an empty `out/` a shell script made). */
  directories?: string[];
  env: Record<string, string>;
  timeLimitMs: number;
  /** How much of each stream a runtime keeps; beyond it output is counted, not stored. */
  maxOutputChars: number;
  /** How many output files, and bytes of them, the run may return; the rest are counted. */
  outputFiles: OutputFileLimits;
  /**
   * Everything the run may allocate: interpreter heap, virtual file system, buffered output.
   * Past it the run ends with an out-of-memory error.
   */
  memoryLimitBytes: number;
  /** Python packages from the deployment's package set, for Python and shell runs. */
  python?: PythonRunPackages;
  /**
   * Sub-runs only: a program given as text on the command line (`node -e`, `python3 -c`,
   * `sh -c`), run instead of the file at `scriptPath`. `program` is the name it was called by:
   * `bash` or `sh` picks the shell, and a shell's `$0` defaults to it.
   */
  inline?: InlineProgram;
  /** Sub-runs only: what the program reads on standard input (nothing when absent). */
  stdin?: Uint8Array;
  /** Sub-runs only: the folder inside the skill the program starts in (the skill folder if absent). */
  workingDirectory?: string;
}

/** A program given as text rather than as a file of the skill. */
export interface InlineProgram {
  code: string;
  program: string;
}

/** A wheel a run loads, checked against the lock's hash and opened by the page. */
export interface PythonPackageFile {
  name: string;
  version: string;
  fileName: string;
  sha256: string;
  contents: WheelContents;
  /** Declared by the skill (or needed by what is): the run does not start without it. */
  required: boolean;
}

/** The package set as one run sees it. */
export interface PythonRunPackages {
  packages: PythonPackageFile[];
  /** Every top-level module the set provides, with the package providing it (`name version`). */
  setModules: Record<string, string>;
  /** One sentence naming the set's packages, for messages about a missing one. */
  setDescription: string;
}

/** A file the run created or changed under its working directory. */
export interface OutputFile {
  path: string;
  data: Uint8Array;
}

/** What a runtime reports before the contract shapes it into a tool result. */
export interface RawRunOutcome {
  exitCode: number;
  /** The beginning of stdout, at most `maxOutputChars`. */
  stdout: string;
  stdoutTotalChars: number;
  /** The end of stderr, at most `maxOutputChars`. */
  stderr: string;
  stderrTotalChars: number;
  timedOut: boolean;
  files: OutputFile[];
  /**
   * What the sandbox itself says about the run (time limit reached, a budget exceeded), kept
   * apart from the script's streams so no output can forge it.
   */
  notes: string[];
}

/** A piece of a stream as the script printed it, for watching a run while it goes on. */
export interface OutputChunk {
  stream: "stdout" | "stderr";
  text: string;
}

/**
 * Hears a run's output while it runs. What it hears is what the worker sent (stdout past the cap
 * is counted, not sent); the outcome's streams remain the record of the run.
 */
export type OutputListener = (chunk: OutputChunk) => void;

/** The one interface every runtime (Python, JavaScript, shell) and the sandbox host implement. */
export interface Runtime {
  run(request: RunRequest, signal?: AbortSignal, onOutput?: OutputListener): Promise<RawRunOutcome>;
}

/** Exit code of a run stopped at its time limit, as `timeout(1)` reports it. */
export const TIMEOUT_EXIT_CODE = 124;

export const SCRIPT_LANGUAGES: Readonly<Record<string, ScriptLanguage>> = {
  ".py": "python",
  ".js": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".sh": "shell",
};

export function languageOf(scriptPath: string): ScriptLanguage | undefined {
  const dot = scriptPath.lastIndexOf(".");
  return dot < 0 ? undefined : SCRIPT_LANGUAGES[scriptPath.slice(dot)];
}

/** A run refused before it started because its runtime is at capacity; safe to retry later. */
export class SandboxBusyError extends Error {
  static readonly NAME = "SandboxBusyError";
  override readonly name = SandboxBusyError.NAME;
}

/** Whether an error (possibly one that crossed a channel as a plain copy) is a busy refusal. */
export function isSandboxBusy(error: unknown): error is Error {
  return error instanceof Error && error.name === SandboxBusyError.NAME;
}

/** An error's message, whatever was thrown: `[object Object]` tells a user nothing. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "string") return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}
