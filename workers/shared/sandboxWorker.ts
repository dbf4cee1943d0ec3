import type { RunMessage, WorkerInit, WorkerMessage } from "../../src/sandbox/protocol";
import type { OutputFile, RunRequest } from "../../src/sandbox/runtime";
import { withAssetFetch } from "./assetFetch";
import { takeInit } from "./init";
import { lockdown } from "./lockdown";
import { OutputStream } from "./outputStream";

/** The streams a running script writes to. */
export interface RunIo {
  stdout: OutputStream;
  stderr: OutputStream;
}

export interface EngineResult {
  exitCode: number;
  files: OutputFile[];
}

/** A booted language runtime inside a worker; it runs exactly one script. */
export interface ScriptEngine {
  run(request: RunRequest, io: RunIo, interruptBuffer: Int32Array | null): Promise<EngineResult>;
}

/** Posts a message to the frame on the private port. */
export type PostToFrame = (message: WorkerMessage, transfer?: Transferable[]) => void;

export type BootEngine = (init: WorkerInit, post: PostToFrame) => Promise<ScriptEngine>;

/**
 * The life of every sandbox worker: boot the engine with assets handed in as bytes, lock the
 * global scope down, report ready on the private port, run one script, report done.
 */
export function startSandboxWorker(boot: BootEngine): void {
  const started = performance.now();
  const init = takeInit();
  const port = init.port;
  const postMessage = port.postMessage.bind(port);
  const post: PostToFrame = (message, transfer = []) => postMessage(message, transfer);
  const interruptBuffer = init.interruptBuffer ? new Int32Array(init.interruptBuffer) : null;

  const runOnce = async (request: RunRequest, engine: ScriptEngine) => {
    const stdout = new OutputStream("stdout", post, request.maxOutputChars);
    const stderr = new OutputStream("stderr", post, Number.POSITIVE_INFINITY);
    let result: EngineResult;
    try {
      result = await engine.run(request, { stdout, stderr }, interruptBuffer);
    } catch (error) {
      stderr.write(`sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
      result = { exitCode: 1, files: [] };
    }
    stdout.flush();
    stderr.flush();
    post(
      { type: "done", exitCode: result.exitCode, files: result.files },
      result.files.map((f) => f.data.buffer as ArrayBuffer),
    );
  };

  const bootAndWait = async () => {
    const engine = await withAssetFetch(init.assets, () => boot(init, post));
    init.assets = {};
    if (!init.relaxedLayers.includes("lockdown")) {
      const report = lockdown();
      if (report.kept.length > 0) {
        throw new Error(`lockdown could not remove: ${report.kept.join(", ")}`);
      }
    }
    port.onmessage = (event: MessageEvent<RunMessage>) => {
      port.onmessage = null;
      if (event.data?.type === "run") void runOnce(event.data.request, engine);
    };
    post({ type: "ready", bootMs: performance.now() - started });
  };

  bootAndWait().catch((error: unknown) => {
    post({ type: "boot-failed", message: error instanceof Error ? error.message : String(error) });
  });
}
