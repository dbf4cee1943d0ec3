import { hasSharedMemory } from "../features";
import type { OmittedFiles } from "../outputFileLimits";
import type {
  InterruptMessage,
  NoteMessage,
  OutputMessage,
  RelaxableLayer,
  RunMessage,
  SubrunFetchMessage,
  SubrunMessage,
  SubrunResultMessage,
  WorkerInit,
} from "../protocol";
import type { OutputFile, RunRequest } from "../runtime";
import { type ShellEngineChoice, WASMER_SDK_MODULES } from "../shellEngine";
import {
  encodeSubrunOutcome,
  type SubrunOutcome,
  SubrunReplyCell,
  SubrunReplyState,
} from "../subrunReply";
import { workerMessageSchema } from "../workerMessages";
import { workerBootstrapUrl } from "./bootstrap";
import { ProcessWorkerHost } from "./processWorkers";

/** What a runtime's workers are started from. */
export interface RuntimeWorkerSpec {
  /**
   * Human name for messages, e.g. "Python". `assets` is shared by the pool's workers: the pool
   * adds a memory snapshot there once a worker made one.
   */
  label: string;
  moduleUrl: string;
  moduleUrls: Record<string, string>;
  assetBaseUrl: string;
  assets: Record<string, ArrayBuffer>;
  compiled: Record<string, WebAssembly.Module>;
  bootTimeoutMs: number;
  relaxedLayers: RelaxableLayer[];
  /** Whether the runtime can boot from a memory snapshot (Python). */
  snapshots: boolean;
  /**
   * Whether this pool's first worker boots before other pools' first workers start (Python's:
   * its first result waits on the longest boot, and shares the cores with no other boot).
   */
  firstBootLeads?: boolean;
  shell?: ShellEngineChoice;
}

/** What one worker's boot is asked to do about snapshots, and where it reports them. */
export interface SnapshotDuty {
  make: boolean;
  onSnapshot(bytes: ArrayBuffer): void;
  onRejected(reason: string): void;
}

/** Answers a worker's request to run a program on another runtime. */
export type SubrunHandler = (message: SubrunMessage) => Promise<SubrunOutcome>;

export interface WorkerRunResult {
  exitCode: number;
  files: OutputFile[];
  omitted?: OmittedFiles;
}

const sharedMemory = hasSharedMemory();

/** One single-use sandbox worker as a pool and a run see it. */
export interface SandboxWorker {
  /** Resolves with the boot time in ms once the runtime is ready for its run. */
  readonly ready: Promise<number>;
  run(
    request: RunRequest,
    onOutput: (message: OutputMessage | NoteMessage) => void,
    onSubrun?: SubrunHandler,
  ): Promise<WorkerRunResult>;
  interrupt(): void;
  terminate(): void;
}

/**
 * One sandbox worker, seen from the frame. It listens only on the private port it created; any
 * message on the worker's own global channel is ignored, and every port message is checked.
 */
export class WorkerHandle implements SandboxWorker {
  readonly ready: Promise<number>;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly interruptCell: Int32Array | null;
  private onOutput: ((message: OutputMessage | NoteMessage) => void) | null = null;
  private settleRun: ((result: WorkerRunResult) => void) | null = null;
  private onSubrun: SubrunHandler | null = null;
  /** Encoded outcomes of blocking sub-runs, until the worker sends a buffer for each. */
  private readonly syncReplies = new Map<number, { bytes: Uint8Array; cell: Int32Array }>();
  private terminated = false;
  /** The Wasmer shell engine's processes; no other runtime starts workers. */
  private readonly processes: ProcessWorkerHost | null;

  constructor(spec: RuntimeWorkerSpec, snapshot?: SnapshotDuty) {
    const channel = new MessageChannel();
    this.port = channel.port1;
    const shared = sharedMemory ? new SharedArrayBuffer(4) : null;
    this.interruptCell = shared ? new Int32Array(shared) : null;
    this.worker = new Worker(workerBootstrapUrl(), {
      name: `skillbox-${spec.label.toLowerCase()}`,
    });
    const processModule = spec.moduleUrls[WASMER_SDK_MODULES.thread];
    this.processes =
      spec.shell?.engine === "wasmer" && processModule
        ? new ProcessWorkerHost(processModule)
        : null;

    this.ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.terminate();
        reject(new Error(`${spec.label} runtime did not start within ${spec.bootTimeoutMs} ms`));
      }, spec.bootTimeoutMs);
      const fail = (message: string) => {
        clearTimeout(timer);
        this.terminate();
        reject(new Error(`${spec.label} runtime failed to start: ${message}`));
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        const message = event.message || "the worker script failed to load";
        // During a run an uncaught error (say, in a callback the script scheduled) does not end
        // the run, as an exception in a CPython callback would not; it is reported on stderr.
        if (this.onOutput)
          this.onOutput({ type: "output", stream: "stderr", text: `${message}\n` });
        else fail(message);
      };
      this.port.onmessage = (event: MessageEvent<unknown>) => {
        const parsed = workerMessageSchema.safeParse(event.data);
        if (!parsed.success) return;
        const message = parsed.data;
        switch (message.type) {
          case "ready":
            clearTimeout(timer);
            resolve(message.bootMs);
            break;
          case "boot-failed":
            fail(message.message);
            break;
          case "snapshot":
            snapshot?.onSnapshot(message.bytes.slice().buffer);
            break;
          case "snapshot-rejected":
            snapshot?.onRejected(message.reason);
            break;
          case "output":
          case "note":
            this.onOutput?.(message);
            break;
          case "done":
            this.settleRun?.({
              exitCode: message.exitCode,
              files: message.files,
              ...(message.omitted ? { omitted: message.omitted } : {}),
            });
            break;
          case "subrun":
            void this.answerSubrun(message);
            break;
          case "subrun-fetch":
            this.fillSyncReply(message);
            break;
          case "process-start":
            if (this.processes) this.processes.start(message.id, message.port);
            else message.port.close();
            break;
          case "process-end":
            this.processes?.end(message.id);
            break;
        }
      };
    });
    this.ready.catch(() => {});

    const init: WorkerInit = {
      moduleUrl: spec.moduleUrl,
      moduleUrls: spec.moduleUrls,
      port: channel.port2,
      // Compiled WebAssembly travels as a module; its bytes stay here.
      assets: Object.fromEntries(
        Object.entries(spec.assets)
          .filter(([name]) => !(name in spec.compiled))
          .map(([name, bytes]) => [name, bytes.slice(0)]),
      ),
      compiled: spec.compiled,
      assetBaseUrl: spec.assetBaseUrl,
      makeSnapshot: snapshot?.make ?? false,
      interruptBuffer: shared,
      relaxedLayers: spec.relaxedLayers,
      shell: spec.shell,
    };
    this.worker.postMessage(init, [channel.port2, ...Object.values(init.assets)]);
  }

  /**
   * Runs one script; output arrives through `onOutput` while it runs. The promise settles only
   * when the script ends: the caller's timer decides when to stop waiting.
   */
  run(
    request: RunRequest,
    onOutput: (message: OutputMessage | NoteMessage) => void,
    onSubrun?: SubrunHandler,
  ): Promise<WorkerRunResult> {
    return new Promise<WorkerRunResult>((resolve) => {
      this.onOutput = onOutput;
      this.settleRun = resolve;
      this.onSubrun = onSubrun ?? null;
      const message: RunMessage = { type: "run", request };
      this.port.postMessage(message);
    });
  }

  private async answerSubrun(message: SubrunMessage): Promise<void> {
    const result = this.onSubrun
      ? await this.onSubrun(message)
      : {
          exitCode: 127,
          stdout: "",
          stderr: "no other runtime is reachable from here\n",
          files: [],
        };
    if (this.terminated) return;
    if (message.replyCell) {
      const cell = new Int32Array(message.replyCell);
      const bytes = encodeSubrunOutcome(result);
      this.syncReplies.set(message.id, { bytes, cell });
      Atomics.store(cell, SubrunReplyCell.LENGTH, bytes.byteLength);
      Atomics.store(cell, SubrunReplyCell.STATE, SubrunReplyState.LENGTH_READY);
      Atomics.notify(cell, SubrunReplyCell.STATE);
      return;
    }
    const reply: SubrunResultMessage = { type: "subrun-result", id: message.id, ...result };
    this.port.postMessage(reply);
  }

  /** Copies a blocking sub-run's outcome into the buffer its worker sent, and wakes the worker. */
  private fillSyncReply(message: SubrunFetchMessage): void {
    const reply = this.syncReplies.get(message.id);
    if (!reply) return;
    this.syncReplies.delete(message.id);
    const target = new Uint8Array(message.buffer);
    // A worker that sent the wrong size gets nothing rather than a torn outcome; it stays blocked
    // until its run's time limit, which is the worker's own doing.
    if (target.byteLength !== reply.bytes.byteLength) return;
    target.set(reply.bytes);
    Atomics.store(reply.cell, SubrunReplyCell.STATE, SubrunReplyState.FILLED);
    Atomics.notify(reply.cell, SubrunReplyCell.STATE);
  }

  /**
   * Asks the runtime to stop at its next check: through the shared cell when there is one (Python's
   * KeyboardInterrupt), by message for engines that yield to their event loop.
   */
  interrupt(): void {
    if (this.interruptCell) Atomics.store(this.interruptCell, 0, 2);
    if (!this.terminated) this.port.postMessage({ type: "interrupt" } satisfies InterruptMessage);
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    this.worker.terminate();
    this.processes?.endAll();
    this.port.close();
  }
}
