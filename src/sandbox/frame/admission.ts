import { SandboxBusyError } from "../runtime";

/** How many runs of one runtime go at once, and how long and how many others may wait. */
export interface AdmissionLimits {
  maxConcurrent: number;
  maxQueueWaitMs: number;
  maxQueued: number;
}

/** A run let in: `release` when it ends; `waitedMs` spent in the queue before. */
export interface Admission {
  release(): void;
  waitedMs: number;
}

interface Waiter {
  admit(): void;
}

/**
 * Bounds one runtime's concurrent runs. Past the bound a run waits its turn, first come first
 * served, for at most `maxQueueWaitMs`; a full queue, a wait too long and a cancel each leave the
 * queue at once, the first two with a {@link SandboxBusyError}.
 */
export class AdmissionQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly label: string,
    private readonly limits: AdmissionLimits,
  ) {}

  get depth(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  admit(signal?: AbortSignal): Promise<Admission> {
    const started = performance.now();
    const admitted = (): Admission => {
      this.running += 1;
      let released = false;
      return {
        waitedMs: Math.round(performance.now() - started),
        release: () => {
          if (released) return;
          released = true;
          this.running -= 1;
          this.waiting.shift()?.admit();
        },
      };
    };
    if (signal?.aborted) return Promise.reject(new Error("cancelled before it started"));
    if (this.running < this.limits.maxConcurrent && this.waiting.length === 0) {
      return Promise.resolve(admitted());
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      return Promise.reject(
        new SandboxBusyError(
          `busy: ${this.limits.maxConcurrent} ${this.label} runs are going and ` +
            `${this.waiting.length} are waiting; try again later`,
        ),
      );
    }
    return new Promise<Admission>((resolve, reject) => {
      const leave = (error: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(error);
      };
      const onAbort = () => leave(new Error("cancelled while waiting for a free runtime"));
      const timer = setTimeout(
        () =>
          leave(
            new SandboxBusyError(
              `busy: no ${this.label} runtime came free within ${this.limits.maxQueueWaitMs} ms ` +
                `(${this.limits.maxConcurrent} runs at once); try again later`,
            ),
          ),
        this.limits.maxQueueWaitMs,
      );
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
          resolve(admitted());
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }
}
