/** How urgent a worker boot is; lower runs first. */
export const BootPriority = {
  /** A pool's first worker: the first result of that runtime waits for it. */
  first: 0,
  /** Topping a pool up to its depth. */
  refill: 1,
} as const;
export type BootPriority = (typeof BootPriority)[keyof typeof BootPriority];

interface QueuedBoot {
  priority: BootPriority;
  start(): Promise<unknown>;
}

/**
 * Limits how many workers of all runtimes boot at once. Boots are CPU-bound: on a two-core
 * machine, a Python first boot that shares the cores with six JavaScript and shell refills takes
 * twice as long. First boots (one per runtime) start at once; refills wait until every first boot
 * is done and a core is free. A run that finds its pool empty does not queue here at all.
 */
export class BootScheduler {
  private readonly queue: QueuedBoot[] = [];
  private running = 0;
  private firstsRunning = 0;

  constructor(private readonly concurrency: number) {}

  /** Calls `start` when a slot is free; the slot is held until the promise it returns settles. */
  schedule(priority: BootPriority, start: () => Promise<unknown>): void {
    const index = this.queue.findIndex((queued) => queued.priority > priority);
    const boot = { priority, start };
    if (index < 0) this.queue.push(boot);
    else this.queue.splice(index, 0, boot);
    this.next();
  }

  private next(): void {
    while (this.queue.length > 0) {
      const { priority } = this.queue[0]!;
      const first = priority === BootPriority.first;
      // Refills wait for every first boot: those are what the first results wait for.
      if (!first && (this.firstsRunning > 0 || this.running >= this.concurrency)) return;
      const boot = this.queue.shift()!;
      this.running++;
      if (first) this.firstsRunning++;
      boot
        .start()
        .catch(() => {})
        .finally(() => {
          this.running--;
          if (first) this.firstsRunning--;
          this.next();
        });
    }
  }
}

/** One scheduler for the whole frame: every runtime's pool shares the machine's cores. */
export const frameBootScheduler = new BootScheduler(
  Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 2, 4)),
);
