import { PROCESS_ERROR_KEY, processBootstrapUrl } from "../processWorkerBootstrap";

/**
 * Well above the shell engine's own limit of 24 (workers/shell/wasmerEngine.ts): that limit is
 * the one runs meet; this one holds should the shell worker itself misbehave.
 */
const MAX_PROCESS_WORKERS = 64;

/**
 * Process workers kept started, their bootstrap and the SDK's thread module loaded, for a run's
 * next processes: starting one costs 20-35 ms, a pipeline of four pays it four times.
 */
const SPARE_PROCESS_WORKERS = 2;

/**
 * The process workers of one Wasmer shell worker, started here on its request and ended with it.
 * Each runs the SDK's thread module (the only module this host starts) and talks to the shell
 * worker over the port the shell worker sent. Spares belong to their shell worker like the rest:
 * a run's processes never run in a worker another run had.
 */
export class ProcessWorkerHost {
  private readonly live = new Map<number, Worker>();
  private readonly spares: Worker[] = [];
  private ended = false;

  constructor(private readonly moduleUrl: string) {
    this.refill();
  }

  start(id: number, port: MessagePort): void {
    if (this.ended || this.live.has(id) || this.live.size >= MAX_PROCESS_WORKERS) {
      port.postMessage({ [PROCESS_ERROR_KEY]: `no more than ${MAX_PROCESS_WORKERS} processes` });
      port.close();
      return;
    }
    const worker = this.spares.shift() ?? this.startWorker();
    worker.postMessage({ port }, [port]);
    this.live.set(id, worker);
    this.refill();
  }

  end(id: number): void {
    this.live.get(id)?.terminate();
    this.live.delete(id);
  }

  endAll(): void {
    this.ended = true;
    for (const worker of [...this.live.values(), ...this.spares]) worker.terminate();
    this.live.clear();
    this.spares.length = 0;
  }

  private startWorker(): Worker {
    const worker = new Worker(processBootstrapUrl(this.moduleUrl), { name: "skillbox-process" });
    // The bootstrap reports its errors to the shell worker, whose SDK acts on them.
    worker.onerror = (event) => event.preventDefault();
    return worker;
  }

  private refill(): void {
    while (!this.ended && this.spares.length < SPARE_PROCESS_WORKERS) {
      this.spares.push(this.startWorker());
    }
  }
}
