import { type RuntimeWorkerSpec, WorkerHandle } from "./workerHandle";

/**
 * Pre-booted single-use workers for one runtime. Every run needs a fresh interpreter, so a run
 * takes a ready worker and the pool boots a replacement in the background, one at a time (two
 * cores: parallel boots only slow each other down).
 */
export class WorkerPool {
  private readonly idle: WorkerHandle[] = [];
  private refilling: Promise<void> | null = null;

  constructor(
    private readonly spec: RuntimeWorkerSpec,
    private readonly size: number,
  ) {}

  /** Starts filling the pool; cheap to call again. */
  warm(): void {
    if (this.refilling) return;
    this.refilling = (async () => {
      while (this.idle.length < this.size) {
        const handle = new WorkerHandle(this.spec);
        this.idle.push(handle);
        try {
          await handle.ready;
        } catch {
          this.idle.splice(this.idle.indexOf(handle), 1);
          break;
        }
      }
      this.refilling = null;
    })();
  }

  /** A ready worker for one run; boots one on the spot when the pool is empty. */
  async take(): Promise<WorkerHandle> {
    const pooled = this.idle.shift();
    const handle = pooled ?? new WorkerHandle(this.spec);
    try {
      await handle.ready;
    } catch (error) {
      if (!pooled) throw error;
      // A pooled boot may have failed for a passing reason; one fresh attempt decides.
      const fresh = new WorkerHandle(this.spec);
      await fresh.ready;
      this.afterTake();
      return fresh;
    }
    this.afterTake();
    return handle;
  }

  private afterTake(): void {
    // Refill after the current run has its worker, so the boot does not compete with a queue.
    setTimeout(() => this.warm(), 0);
  }

  dispose(): void {
    for (const handle of this.idle.splice(0)) handle.terminate();
  }
}
