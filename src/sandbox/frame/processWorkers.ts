import { PROCESS_ERROR_KEY, processBootstrapUrl } from "../processWorkerBootstrap";

/**
 * Well above the shell engine's own limit of 24 (workers/shell/wasmerEngine.ts): that limit is
 * the one runs meet; this one holds should the shell worker itself misbehave.
 */
const MAX_PROCESS_WORKERS = 64;

/**
 * The process workers of one Wasmer shell worker, started here on its request and ended with it.
 * Each runs the SDK's thread module (the only module this host starts) and talks to the shell
 * worker over the port the shell worker sent.
 */
export class ProcessWorkerHost {
  private readonly live = new Map<number, Worker>();

  constructor(private readonly moduleUrl: string) {}

  start(id: number, port: MessagePort): void {
    if (this.live.has(id) || this.live.size >= MAX_PROCESS_WORKERS) {
      port.postMessage({ [PROCESS_ERROR_KEY]: `no more than ${MAX_PROCESS_WORKERS} processes` });
      port.close();
      return;
    }
    const worker = new Worker(processBootstrapUrl(this.moduleUrl), { name: "skillbox-process" });
    // The bootstrap reports its errors to the shell worker, whose SDK acts on them.
    worker.onerror = (event) => event.preventDefault();
    worker.postMessage({ port }, [port]);
    this.live.set(id, worker);
  }

  end(id: number): void {
    this.live.get(id)?.terminate();
    this.live.delete(id);
  }

  endAll(): void {
    for (const worker of this.live.values()) worker.terminate();
    this.live.clear();
  }
}
