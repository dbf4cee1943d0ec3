import { OutputCollector } from "../outputCollector";
import type { OutputFile, RawRunOutcome, RunRequest, Runtime } from "../runtime";
import type { WorkerRunResult } from "./workerHandle";
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
  constructor(private readonly pool: WorkerPool) {}

  async run(request: RunRequest, signal?: AbortSignal): Promise<RawRunOutcome> {
    const worker = await this.pool.take();
    const output = new OutputCollector(request.maxOutputChars);
    const finished = worker
      .run(request, (message) => output.add(message))
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
      output.note(
        `\n[skillbox] stopped: the run passed its time limit of ${request.timeLimitMs} ms\n`,
      );
    }
    worker.terminate();

    switch (ending.kind) {
      case "done":
        return {
          ...output.result(),
          exitCode: ending.result.exitCode,
          timedOut: false,
          files: ending.result.files,
        };
      case "timeout":
        return { ...output.result(), exitCode: 124, timedOut: true, files: filesBeforeStop };
      case "cancelled":
        output.note("\n[skillbox] cancelled\n");
        return { ...output.result(), exitCode: CANCELLED_EXIT_CODE, timedOut: false, files: [] };
    }
  }
}
