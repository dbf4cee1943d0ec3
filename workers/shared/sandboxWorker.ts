import { limitOutputFiles } from "../../src/sandbox/outputFileLimits";
import type {
  FrameMessage,
  SubrunResultMessage,
  WorkerInit,
  WorkerMessage,
} from "../../src/sandbox/protocol";
import { describeError, type OutputFile, type RunRequest } from "../../src/sandbox/runtime";
import { withAssetFetch } from "./assetFetch";
import { takeInit } from "./init";
import { lockdown } from "./lockdown";
import { OutputStream } from "./outputStream";

/** The files and folders of a working directory, relative to it. */
export interface WorkingTree {
  files: OutputFile[];
  directories: string[];
}

/** How a script run on another runtime for this one ended. */
export type SubrunResult = Omit<SubrunResultMessage, "type" | "id">;

/** The streams a running script writes to, and its way to the other runtimes. */
export interface RunIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Tells the frame something about the run out of band (never through the script's streams). */
  note(text: string): void;
  /** Runs another script of the skill on another runtime, against `files`, within the time left. */
  subrun(
    language: "python" | "javascript",
    scriptPath: string,
    args: string[],
    tree: WorkingTree,
  ): Promise<SubrunResult>;
}

export interface EngineResult {
  exitCode: number;
  files: OutputFile[];
}

/** A booted language runtime inside a worker; it runs exactly one script. */
export interface ScriptEngine {
  /**
   * Globals beyond the lockdown's allow-list that the engine itself calls while a script runs.
   * Only an engine whose scripts cannot reach JavaScript (a WebAssembly guest) may name any.
   */
  readonly keepGlobals?: readonly string[];
  /**
   * @param interruptCell set to 2 when the run must stop; shared with the frame only when the
   *   page is cross-origin isolated (otherwise set between event-loop turns).
   */
  run(request: RunRequest, io: RunIo, interruptCell: Int32Array): Promise<EngineResult>;
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
  // Without a shared cell the worker keeps one of its own, set by the interrupt message: engines
  // that yield to the event loop stop on it all the same.
  const interruptCell = new Int32Array(init.interruptBuffer ?? new ArrayBuffer(4));

  const subruns = new Map<number, (result: SubrunResult) => void>();
  let lastSubrunId = 0;
  const subrun: RunIo["subrun"] = (language, scriptPath, args, { files, directories }) =>
    new Promise<SubrunResult>((resolve) => {
      const id = ++lastSubrunId;
      subruns.set(id, resolve);
      post({ type: "subrun", id, language, scriptPath, args, files, directories });
    });

  const runOnce = async (request: RunRequest, engine: ScriptEngine) => {
    const stdout = new OutputStream("stdout", post, request.maxOutputChars);
    const stderr = new OutputStream("stderr", post, request.maxOutputChars);
    let result: EngineResult;
    try {
      const note = (text: string) => post({ type: "note", text });
      result = await engine.run(request, { stdout, stderr, note, subrun }, interruptCell);
    } catch (error) {
      stderr.write(`sandbox: ${describeError(error)}\n`);
      result = { exitCode: 1, files: [] };
    }
    stdout.end();
    stderr.end();
    const { kept, omitted } = limitOutputFiles(result.files, request.outputFiles);
    post(
      { type: "done", exitCode: result.exitCode, files: kept, ...(omitted ? { omitted } : {}) },
      kept.map((f) => f.data.buffer as ArrayBuffer),
    );
  };

  const bootAndWait = async () => {
    const engine = await withAssetFetch(init.assets, init.compiled, () => boot(init, post));
    init.assets = {};
    init.compiled = {};
    if (!init.relaxedLayers.includes("lockdown")) {
      const report = lockdown(engine.keepGlobals);
      if (report.kept.length > 0) {
        throw new Error(`lockdown could not remove: ${report.kept.join(", ")}`);
      }
    }
    let running = false;
    port.onmessage = (event: MessageEvent<FrameMessage>) => {
      const message = event.data;
      if (message?.type === "run" && !running) {
        running = true;
        void runOnce(message.request, engine);
      } else if (message?.type === "interrupt") {
        Atomics.store(interruptCell, 0, 2);
      } else if (message?.type === "subrun-result") {
        const { type: _type, id, ...result } = message;
        subruns.get(id)?.(result);
        subruns.delete(id);
      }
    };
    post({ type: "ready", bootMs: performance.now() - started });
  };

  bootAndWait().catch((error: unknown) => {
    post({ type: "boot-failed", message: error instanceof Error ? error.message : String(error) });
  });
}
