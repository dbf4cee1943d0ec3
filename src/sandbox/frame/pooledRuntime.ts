import { unsafePathReason } from "../../skills/paths";
import { OutputCollector } from "../outputCollector";
import type { SubrunMessage } from "../protocol";
import {
  type OutputFile,
  type RawRunOutcome,
  type RunRequest,
  type Runtime,
  TIMEOUT_EXIT_CODE,
} from "../runtime";
import type { SubrunHandler, WorkerRunResult } from "./workerHandle";
import type { WorkerPool } from "./workerPool";

/** How long an interrupted run may take to wind down before its worker is terminated. */
const INTERRUPT_GRACE_MS = 250;
const CANCELLED_EXIT_CODE = 130;

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
    private readonly pool: WorkerPool,
    private readonly others?: Runtime,
  ) {}

  async run(request: RunRequest, signal?: AbortSignal): Promise<RawRunOutcome> {
    const worker = await this.pool.take();
    const output = new OutputCollector(request.maxOutputChars);
    const deadlineAt = performance.now() + request.timeLimitMs;
    const subrunsEnd = new AbortController();
    const finished = worker
      .run(
        request,
        (message) => output.add(message),
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
    let filesBeforeStop: OutputFile[] = [];
    if (ending.kind === "timeout") {
      worker.interrupt();
      const grace = new Promise<Ending>((resolve) =>
        setTimeout(() => resolve({ kind: "timeout" }), INTERRUPT_GRACE_MS),
      );
      const wound = await Promise.race([finished, grace]);
      if (wound.kind === "done") filesBeforeStop = wound.result.files;
      ending = { kind: "timeout" };
      output.note(`stopped: the run passed its time limit of ${request.timeLimitMs} ms`);
    }
    worker.terminate();
    subrunsEnd.abort();

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
          files: filesBeforeStop,
        };
      case "cancelled":
        output.note("cancelled");
        return { ...output.result(), exitCode: CANCELLED_EXIT_CODE, timedOut: false, files: [] };
    }
  }

  private subrunHandler(
    parent: RunRequest,
    deadline: number,
    signal: AbortSignal,
  ): SubrunHandler | undefined {
    const others = this.others;
    if (!others) return undefined;
    return async (message: SubrunMessage) => {
      const unsafe = unsafePathReason(message.scriptPath);
      if (unsafe) {
        return {
          exitCode: 2,
          stdout: "",
          stderr: `can't open file '${message.scriptPath}': ${unsafe}\n`,
          files: [],
        };
      }
      const outcome = await others.run(
        {
          ...parent,
          runId: `${parent.runId}.${message.id}`,
          language: message.language,
          scriptPath: message.scriptPath,
          args: message.args,
          files: Object.fromEntries(message.files.map((f) => [f.path, f.data])),
          directories: message.directories.filter((d) => !unsafePathReason(d)),
          timeLimitMs: Math.max(1, Math.round(deadline - performance.now())),
        },
        signal,
      );
      return {
        exitCode: outcome.timedOut ? TIMEOUT_EXIT_CODE : outcome.exitCode,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        files: outcome.files,
      };
    };
  }
}
