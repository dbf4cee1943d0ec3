/** How urgent a worker boot is; lower runs first. */
export const BootPriority = {
  /** The first worker of the pool whose first result matters most (Python's). */
  lead: 0,
  /** Another pool's first worker: the first result of that runtime waits for it. */
  first: 1,
  /** Topping a pool up to its depth. */
  refill: 2,
} as const;
export type BootPriority = (typeof BootPriority)[keyof typeof BootPriority];

interface QueuedBoot {
  priority: BootPriority;
  start(): Promise<unknown>;
}

/**
 * Limits how many workers of all runtimes boot at once. Boots are CPU-bound: on a two-core
 * machine, a Python first boot that shares the cores with six JavaScript and shell refills takes
 * twice as long, and one that shares them with the other runtimes' first boots took 610-700
 * ms to restore its snapshot instead of 460 (Chromium, repeat visit). So the lead boot starts at
 * once and alone; the other first boots (one per runtime) start together once it is done;
 * refills wait until every first boot is done and a core is free. A run that finds its pool
 * empty does not queue here at all.
 */
export class BootScheduler {
  private readonly queue: QueuedBoot[] = [];
  private running = 0;
  private readonly runningByPriority = new Map<BootPriority, number>();

  constructor(private readonly concurrency: number) {}

  /** Calls `start` when a slot is free; the slot is held until the promise it returns settles. */
  schedule(priority: BootPriority, start: () => Promise<unknown>): void {
    const index = this.queue.findIndex((queued) => queued.priority > priority);
    const boot = { priority, start };
    if (index < 0) this.queue.push(boot);
    else this.queue.splice(index, 0, boot);
    this.next();
  }

  /** Whether a boot more urgent than `priority`'s class is running. */
  private moreUrgentRunning(priority: BootPriority): boolean {
    return [...this.runningByPriority].some(([other, count]) => other < priority && count > 0);
  }

  private next(): void {
    while (this.queue.length > 0) {
      const { priority } = this.queue[0]!;
      if (this.moreUrgentRunning(priority)) return;
      if (priority === BootPriority.refill && this.running >= this.concurrency) return;
      const boot = this.queue.shift()!;
      this.running++;
      this.runningByPriority.set(priority, (this.runningByPriority.get(priority) ?? 0) + 1);
      boot
        .start()
        .catch(() => {})
        .finally(() => {
          this.running--;
          this.runningByPriority.set(priority, this.runningByPriority.get(priority)! - 1);
          this.next();
        });
    }
  }
}

/** One scheduler for the whole frame: every runtime's pool shares the machine's cores. */
export const frameBootScheduler = new BootScheduler(
  Math.max(1, Math.min(globalThis.navigator?.hardwareConcurrency || 2, 4)),
);
