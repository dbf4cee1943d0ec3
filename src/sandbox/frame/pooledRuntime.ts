import { unsafePathReason } from "../../skills/paths";
import { OutputCollector } from "../outputCollector";
import { omittedFilesNote } from "../outputFileLimits";
import type { SubrunMessage } from "../protocol";
import {
  describeError,
  isSandboxBusy,
  type OutputListener,
  type RawRunOutcome,
  type RunRequest,
  type Runtime,
  TIMEOUT_EXIT_CODE,
} from "../runtime";
import type { Admission, AdmissionQueue } from "./admission";
import type { SandboxWorker, SubrunHandler, WorkerRunResult } from "./workerHandle";

/** Where a run gets its fresh worker: a {@link WorkerPool} in the frame. */
export interface WorkerSource {
  take(): Promise<SandboxWorker>;
}

/** How long an interrupted run may take to wind down before its worker is terminated. */
const INTERRUPT_GRACE_MS = 250;
const CANCELLED_EXIT_CODE = 130;

/** A wait shorter than this is not worth a note. */
const REPORTED_WAIT_MS = 50;

function cancelledOutcome(output: OutputCollector): RawRunOutcome {
  output.note("cancelled");
  return { ...output.result(), exitCode: CANCELLED_EXIT_CODE, timedOut: false, files: [] };
}

type Ending =
  | { kind: "done"; result: WorkerRunResult }
  | { kind: "timeout" }
  | { kind: "cancelled" };

/**
 * A runtime whose every run gets a fresh worker from a pool, under the termination timer: at the
 * limit the run is interrupted, and its worker terminated shortly after whatever it does.
 */
export class PooledRuntime implements Runtime {
  /**
   * @param others runs scripts on the other runtimes, for a script that calls them (a shell
   *   script's `python3 FILE`); sub-runs share the caller's time limit.
   */
  constructor(
    private readonly pool: WorkerSource,
    private readonly admission: AdmissionQueue,
    private readonly others?: Runtime,
  ) {}

  /**
   * Runs once admitted (see {@link AdmissionQueue}); a busy runtime rejects with
   * {@link SandboxBusyError}. The time limit starts when the run does, not while it waits.
   */
  async run(
    request: RunRequest,
    signal?: AbortSignal,
    onOutput?: OutputListener,
  ): Promise<RawRunOutcome> {
    let admission: Admission;
    try {
      admission = await this.admission.admit(signal);
    } catch (error) {
      if (isSandboxBusy(error)) throw error;
      return cancelledOutcome(new OutputCollector(request.maxOutputChars));
    }
    try {
      const outcome = await this.runAdmitted(request, signal, onOutput);
      if (admission.waitedMs >= REPORTED_WAIT_MS) {
        outcome.notes.push(
          `waited ${admission.waitedMs} ms for a free runtime; the time limit counted from the start of the run`,
        );
      }
      return outcome;
    } finally {
      admission.release();
    }
  }

  private async runAdmitted(
    request: RunRequest,
    signal?: AbortSignal,
    onOutput?: OutputListener,
  ): Promise<RawRunOutcome> {
    const worker = await this.pool.take();
    const output = new OutputCollector(request.maxOutputChars);
    const deadlineAt = performance.now() + request.timeLimitMs;
    const subrunsEnd = new AbortController();
    const finished = worker
      .run(
        request,
        (message) => {
          output.add(message);
          if (onOutput && message.type === "output" && message.text) {
            onOutput({ stream: message.stream, text: message.text });
          }
        },
        this.subrunHandler(request, deadlineAt, subrunsEnd.signal),
      )
      .then((result): Ending => ({ kind: "done", result }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<Ending>((resolve) => {
      timer = setTimeout(() => resolve({ kind: "timeout" }), request.timeLimitMs);
    });
    const cancelled = new Promise<Ending>((resolve) => {
      if (signal?.aborted) resolve({ kind: "cancelled" });
      signal?.addEventListener("abort", () => resolve({ kind: "cancelled" }), { once: true });
    });

    let ending = await Promise.race([finished, deadline, cancelled]);
    clearTimeout(timer);
    let filesBeforeStop: WorkerRunResult | undefined;
    if (ending.kind === "timeout") {
      worker.interrupt();
      const grace = new Promise<Ending>((resolve) =>
        setTimeout(() => resolve({ kind: "timeout" }), INTERRUPT_GRACE_MS),
      );
      const wound = await Promise.race([finished, grace]);
      if (wound.kind === "done") filesBeforeStop = wound.result;
      ending = { kind: "timeout" };
      output.note(`stopped: the run passed its time limit of ${request.timeLimitMs} ms`);
    }
    worker.terminate();
    subrunsEnd.abort();

    const omitted = ending.kind === "done" ? ending.result.omitted : filesBeforeStop?.omitted;
    if (omitted) output.note(omittedFilesNote(omitted, request.outputFiles));
    switch (ending.kind) {
      case "done":
        return {
          ...output.result(),
          exitCode: ending.result.exitCode,
          timedOut: false,
          files: ending.result.files,
        };
      case "timeout":
        return {
          ...output.result(),
          exitCode: TIMEOUT_EXIT_CODE,
          timedOut: true,
          files: filesBeforeStop?.files ?? [],
        };
      case "cancelled":
        return cancelledOutcome(output);
    }
  }

  private subrunHandler(
    parent: RunRequest,
    deadline: number,
    signal: AbortSignal,
  ): SubrunHandler | undefined {
    const others = this.others;
    if (!others) return undefined;
    // A sub-run starts from the run's own request, less what only its own program was given.
    const { inline: _inline, stdin: _stdin, workingDirectory: _cwd, ...base } = parent;
    return async (message: SubrunMessage) => {
      const unsafe = message.inline ? null : unsafePathReason(message.scriptPath);
      if (unsafe) {
        return {
          exitCode: 2,
          stdout: "",
          stderr: `can't open file '${message.scriptPath}': ${unsafe}\n`,
          files: [],
        };
      }
      let outcome: RawRunOutcome;
      try {
        outcome = await others.run(
          {
            ...base,
            runId: `${parent.runId}.${message.id}`,
            language: message.language,
            scriptPath: message.scriptPath,
            args: message.args,
            ...(message.inline ? { inline: message.inline } : {}),
            ...(message.stdin ? { stdin: message.stdin } : {}),
            // A folder that is not safely inside the skill is no start: the skill folder is.
            ...(message.cwd && !unsafePathReason(message.cwd)
              ? { workingDirectory: message.cwd }
              : {}),
            env: { ...parent.env, ...message.env },
            files: Object.fromEntries(message.files.map((f) => [f.path, f.data])),
            directories: message.directories.filter((d) => !unsafePathReason(d)),
            timeLimitMs: Math.max(1, Math.round(deadline - performance.now())),
          },
          signal,
        );
      } catch (error) {
        // A busy runtime fails the command, as a fork that cannot start would, not the script.
        const stderr = `${message.language}: ${describeError(error)}\n`;
        return { exitCode: 126, stdout: "", stderr, files: [] };
      }
      return {
        exitCode: outcome.timedOut ? TIMEOUT_EXIT_CODE : outcome.exitCode,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        files: outcome.files,
      };
    };
  }
}
