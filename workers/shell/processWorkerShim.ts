import { MEMORY_METER_KEY, PROCESS_ERROR_KEY } from "../../src/sandbox/processWorkerBootstrap";
import type { PostToFrame } from "../shared/sandboxWorker";
import { meterReportSchema, type ProcessMemoryMeter } from "./processMemoryMeter";

// Taken when the module loads: the worker's lockdown removes them from its global scope.
const NativeMessageChannel = MessageChannel;
const NativeMessageEvent = MessageEvent;
const NativeErrorEvent = ErrorEvent;

/** Hears that a run asked for more processes (workers) than it may have at once. */
export type WorkerLimitListener = (limit: number) => void;

/**
 * What the Wasmer SDK gets from `new Worker(url, { type: "module" })`: a process whose worker the
 * frame starts (src/sandbox/processWorkerBootstrap.ts says why), reached through a port. It has
 * the part of a `Worker` the SDK uses: `postMessage`, `onmessage`, `onerror`, `terminate`.
 */
class ProcessWorker extends EventTarget {
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  private readonly port: MessagePort;
  private ended = false;

  constructor(
    private readonly id: number,
    private readonly post: PostToFrame,
    private readonly onEnd: (worker: ProcessWorker) => void,
    meter: ProcessMemoryMeter,
  ) {
    super();
    const channel = new NativeMessageChannel();
    this.port = channel.port1;
    this.port.onmessage = (event: MessageEvent<unknown>) => {
      const data = event.data as Record<string, unknown> | null;
      if (data && typeof data === "object" && PROCESS_ERROR_KEY in data) {
        const failure = new NativeErrorEvent("error", { message: String(data[PROCESS_ERROR_KEY]) });
        this.onerror?.(failure);
        this.dispatchEvent(failure);
        return;
      }
      const message = new NativeMessageEvent("message", {
        data: event.data,
        ports: [...event.ports],
      });
      this.onmessage?.(message);
      this.dispatchEvent(message);
    };
    const meterChannel = new NativeMessageChannel();
    meterChannel.port1.onmessage = (event: MessageEvent<unknown>) => {
      const report = meterReportSchema.safeParse(event.data);
      if (!report.success) return;
      if ("release" in report.data) meter.release(this, report.data.release);
      else meter.add(this, report.data.memory, report.data.id);
    };
    this.port.postMessage({ [MEMORY_METER_KEY]: meterChannel.port2 }, [meterChannel.port2]);
    post({ type: "process-start", id, port: channel.port2 }, [channel.port2]);
  }

  postMessage(message: unknown, transfer?: Transferable[] | StructuredSerializeOptions): void {
    if (Array.isArray(transfer)) this.port.postMessage(message, transfer);
    else this.port.postMessage(message, transfer);
  }

  terminate(): void {
    if (this.ended) return;
    this.ended = true;
    this.port.close();
    this.post({ type: "process-end", id: this.id });
    this.onEnd(this);
  }
}

/**
 * Replaces `Worker` in the shell worker for the Wasmer SDK. Its thread workers (one per process)
 * become {@link ProcessWorker}s the frame starts; its classic blob helpers stay nested workers.
 *
 * Each process reserves its WebAssembly memory's address space in the renderer: a fork loop once
 * took 110 of them and left no room for the next run's Python. So at most `limit` live at once;
 * one more is refused (the SDK's fork then fails, as Linux's does at a process limit) and
 * `onLimit` hears it. Each process's memories are counted by `meter`.
 */
export function installProcessWorkerShim(
  limit: number,
  onLimit: WorkerLimitListener,
  meter: ProcessMemoryMeter,
  post: PostToFrame,
): void {
  const NativeWorker = Worker;
  let live = 0;
  let lastId = 0;
  const admit = () => {
    if (live >= limit) {
      onLimit(limit);
      throw new DOMException(`no more than ${limit} processes at once`, "QuotaExceededError");
    }
    live += 1;
  };
  const release = (owner: object) => {
    live -= 1;
    meter.forget(owner);
  };
  class CountedClassicWorker extends NativeWorker {
    private ended = false;
    override terminate(): void {
      if (!this.ended) release(this);
      this.ended = true;
      super.terminate();
    }
  }
  function SandboxWorker(scriptUrl: string | URL, options?: WorkerOptions): Worker | ProcessWorker {
    admit();
    if (options?.type !== "module") return new CountedClassicWorker(scriptUrl, options);
    // The frame knows the one module a process runs; the URL the SDK passes is that module's.
    return new ProcessWorker(++lastId, post, release, meter);
  }
  Object.defineProperty(globalThis, "Worker", {
    value: SandboxWorker,
    configurable: true,
    writable: true,
  });
}
