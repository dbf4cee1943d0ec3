import { limitOutputFiles } from "../../src/sandbox/outputFileLimits";
import type {
  FrameMessage,
  SubrunMessage,
  WorkerInit,
  WorkerMessage,
} from "../../src/sandbox/protocol";
import {
  describeError,
  type InlineProgram,
  type OutputFile,
  type RunRequest,
  type ScriptLanguage,
} from "../../src/sandbox/runtime";
import {
  decodeSubrunOutcome,
  type SubrunOutcome,
  SubrunReplyCell,
  SubrunReplyState,
} from "../../src/sandbox/subrunReply";
import { withAssetFetch } from "./assetFetch";
import { takeInit } from "./init";
import { lockdown } from "./lockdown";
import { OutputStream } from "./outputStream";

/** The files and folders of a working directory, relative to it. */
export interface WorkingTree {
  files: OutputFile[];
  directories: string[];
}

/** A program run for this one, on the runtime of `language`, against `tree` as it is now. */
export interface SubrunSpec {
  language: ScriptLanguage;
  /** The script inside the skill folder; with `inline`, only a label. */
  scriptPath: string;
  args: string[];
  tree: WorkingTree;
  inline?: InlineProgram;
  stdin?: Uint8Array;
  /** Variables set on top of the run's environment. */
  env?: Record<string, string>;
  /** The folder inside the skill the program starts in. */
  cwd?: string;
}

/** The streams a running script writes to, and its way to the other runtimes. */
export interface RunIo {
  stdout: OutputStream;
  stderr: OutputStream;
  /** Tells the frame something about the run out of band (never through the script's streams). */
  note(text: string): void;
  /** Runs another program of the skill in a worker of its own, within the time left. */
  subrun(spec: SubrunSpec): Promise<SubrunOutcome>;
  /**
   * The same, blocking this thread until it ends (for an engine whose host calls cannot await);
   * null where the page is not cross-origin isolated, so there is no shared memory to wait on.
   */
  subrunSync: ((spec: SubrunSpec) => SubrunOutcome) | null;
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

/** How often a blocked sub-run looks at the interrupt cell. */
const SUBRUN_WAIT_SLICE_MS = 50;

/** What a blocked caller hears of a sub-run its own run's stop cut short. */
const STOPPED_SUBRUN: SubrunOutcome = { exitCode: 130, stdout: "", stderr: "", files: [] };

/** Blocks while the reply cell's state is `state`; false when the run is stopped meanwhile. */
function waitWhile(cell: Int32Array, state: number, interruptCell: Int32Array): boolean {
  while (Atomics.load(cell, SubrunReplyCell.STATE) === state) {
    if (Atomics.load(interruptCell, 0) === 2) return false;
    Atomics.wait(cell, SubrunReplyCell.STATE, state, SUBRUN_WAIT_SLICE_MS);
  }
  return true;
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

  const subruns = new Map<number, (result: SubrunOutcome) => void>();
  let lastSubrunId = 0;
  const subrunMessage = (id: number, spec: SubrunSpec): SubrunMessage => ({
    type: "subrun",
    id,
    language: spec.language,
    scriptPath: spec.scriptPath,
    args: spec.args,
    files: spec.tree.files,
    directories: spec.tree.directories,
    ...(spec.inline ? { inline: spec.inline } : {}),
    ...(spec.stdin ? { stdin: spec.stdin } : {}),
    ...(spec.env ? { env: spec.env } : {}),
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
  });
  const subrun: RunIo["subrun"] = (spec) =>
    new Promise<SubrunOutcome>((resolve) => {
      const id = ++lastSubrunId;
      subruns.set(id, resolve);
      post(subrunMessage(id, spec));
    });
  const subrunSync: RunIo["subrunSync"] = init.interruptBuffer
    ? (spec) => {
        const id = ++lastSubrunId;
        const cell = new Int32Array(new SharedArrayBuffer(SubrunReplyCell.BYTES));
        post({ ...subrunMessage(id, spec), replyCell: cell.buffer });
        if (!waitWhile(cell, SubrunReplyState.WAITING, interruptCell)) return STOPPED_SUBRUN;
        const buffer = new SharedArrayBuffer(Atomics.load(cell, SubrunReplyCell.LENGTH));
        post({ type: "subrun-fetch", id, buffer });
        if (!waitWhile(cell, SubrunReplyState.LENGTH_READY, interruptCell)) return STOPPED_SUBRUN;
        return decodeSubrunOutcome(new Uint8Array(buffer).slice());
      }
    : null;

  const runOnce = async (request: RunRequest, engine: ScriptEngine) => {
    const stdout = new OutputStream("stdout", post, request.maxOutputChars);
    const stderr = new OutputStream("stderr", post, request.maxOutputChars);
    let result: EngineResult;
    try {
      const note = (text: string) => post({ type: "note", text });
      const io: RunIo = { stdout, stderr, note, subrun, subrunSync };
      result = await engine.run(request, io, interruptCell);
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
