import { isOutOfAddressSpace, NO_ADDRESS_SPACE_WAITS_MS } from "../addressSpace";
import { SNAPSHOT_ASSET } from "../protocol";
import { BootPriority, type BootScheduler, frameBootScheduler } from "./bootScheduler";
import type { PoolState } from "./frameApi";
import {
  type RuntimeWorkerSpec,
  type SandboxWorker,
  type SnapshotDuty,
  WorkerHandle,
} from "./workerHandle";

/** Starts one worker; a real `Worker` in the frame, a stand-in in the pool's unit tests. */
export type WorkerStarter = (spec: RuntimeWorkerSpec, snapshot?: SnapshotDuty) => SandboxWorker;

const startWorkerHandle: WorkerStarter = (spec, snapshot) => new WorkerHandle(spec, snapshot);

/** After this long without a run, the pool keeps one booted worker and lets the rest go. */
const IDLE_TRIM_MS = 60_000;

/**
 * Pre-booted single-use workers for one runtime. Every run needs a fresh interpreter, so a run
 * takes a ready worker and the pool boots replacements in the background, in parallel, up to its
 * depth: an agent's several calls in one turn each find a worker ready. The very first boot runs
 * alone (it is on the critical path of the first result), and a Python memory snapshot is made by
 * a later boot, never by the first.
 */
export class WorkerPool {
  private readonly idle: SandboxWorker[] = [];
  /** Workers still booting, oldest first; a take claims one rather than start another. */
  private readonly booting: SandboxWorker[] = [];
  private boots = 0;
  /** Boots waiting for a slot in the scheduler. */
  private queued = 0;
  /** Queued boots to drop when their slot comes: a take already booted their worker. */
  private superseded = 0;
  private snapshotInFlight = false;
  private trimTimer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private resolveSnapshot!: (bytes: ArrayBuffer) => void;
  /** Resolves with the first snapshot a worker of this pool makes. */
  readonly newSnapshot = new Promise<ArrayBuffer>((resolve) => {
    this.resolveSnapshot = resolve;
  });

  constructor(
    private readonly spec: RuntimeWorkerSpec,
    private readonly depth: number,
    private readonly scheduler: BootScheduler = frameBootScheduler,
    private readonly startWorker: WorkerStarter = startWorkerHandle,
  ) {}

  state(): PoolState {
    return {
      ready: this.idle.length,
      booting: this.booting.length + this.queued - this.superseded,
      depth: this.depth,
    };
  }

  /** Fills the pool to its depth; cheap to call again. */
  warm(): void {
    if (this.disposed) return;
    const first = this.boots === 0 && this.queued === 0;
    // While the snapshot is being made, a boot without it would take several times as long.
    if (this.snapshotInFlight) return;
    const present = this.idle.length + this.booting.length + this.queued;
    const wanted = first ? 1 : this.depth - present;
    for (let i = 0; i < wanted; i++) {
      this.queued++;
      const priority = !first
        ? BootPriority.refill
        : this.spec.firstBootLeads
          ? BootPriority.lead
          : BootPriority.first;
      this.scheduler.schedule(priority, () => {
        this.queued--;
        if (this.superseded > 0) {
          this.superseded--;
          return Promise.resolve();
        }
        // A boot queued before a snapshot started being made waits for it: the snapshot's
        // arrival warms the pool again.
        return this.disposed || this.snapshotInFlight ? Promise.resolve() : this.boot();
      });
    }
  }

  private boot(): Promise<unknown> {
    const handle = this.start();
    this.booting.push(handle);
    const settle = () => {
      const index = this.booting.indexOf(handle);
      if (index < 0) return false;
      this.booting.splice(index, 1);
      return true;
    };
    handle.ready.then(
      () => {
        if (!settle()) return;
        if (this.disposed) return handle.terminate();
        this.idle.push(handle);
        this.warm();
      },
      // A failed boot is not retried here: the next take boots on the spot and reports why.
      () => void settle(),
    );
    return handle.ready;
  }

  private start(): SandboxWorker {
    this.boots++;
    const duty = this.snapshotDuty();
    const handle = this.startWorker(this.spec, duty);
    if (duty?.make) {
      // A snapshot is posted before ready; a maker that got there without one has given up.
      const gaveUp = () => {
        if (!this.snapshotInFlight) return;
        this.snapshotInFlight = false;
        this.warm();
      };
      handle.ready.then(gaveUp, gaveUp);
    }
    return handle;
  }

  private snapshotDuty(): SnapshotDuty | undefined {
    if (!this.spec.snapshots) return undefined;
    const make =
      this.boots > 1 && !this.snapshotInFlight && this.spec.assets[SNAPSHOT_ASSET] === undefined;
    if (make) this.snapshotInFlight = true;
    return {
      make,
      onSnapshot: (bytes) => {
        this.snapshotInFlight = false;
        this.spec.assets[SNAPSHOT_ASSET] = bytes;
        this.resolveSnapshot(bytes);
        this.warm();
      },
      onRejected: () => {
        // The next boot makes a snapshot of this build to replace it.
        delete this.spec.assets[SNAPSHOT_ASSET];
      },
    };
  }

  /** A ready worker for one run: a pooled one, else the first to finish booting, else a new one. */
  async take(): Promise<SandboxWorker> {
    this.scheduleTrim();
    const pooled = this.idle.shift() ?? this.booting.shift();
    if (!pooled && this.queued > this.superseded) this.superseded++;
    const handle = pooled ?? this.start();
    const ready = await this.bootedOrRetried(handle, pooled !== undefined);
    this.afterTake();
    return ready;
  }

  /**
   * `handle` once booted. A pooled boot may have failed for a passing reason, so one fresh
   * attempt decides; a boot that found no address space is tried again after each wait.
   */
  private async bootedOrRetried(handle: SandboxWorker, pooled: boolean): Promise<SandboxWorker> {
    let current = handle;
    let freshTries = pooled ? 1 : 0;
    let waits = 0;
    for (;;) {
      try {
        await current.ready;
        return current;
      } catch (error) {
        if (isOutOfAddressSpace(error) && waits < NO_ADDRESS_SPACE_WAITS_MS.length) {
          await new Promise((resolve) => setTimeout(resolve, NO_ADDRESS_SPACE_WAITS_MS[waits]));
          waits++;
        } else if (freshTries > 0) {
          freshTries--;
        } else {
          throw error;
        }
        current = this.start();
      }
    }
  }

  private afterTake(): void {
    // Refill after the current run has its worker, so the boot does not compete with a queue.
    setTimeout(() => this.warm(), 0);
  }

  private scheduleTrim(): void {
    clearTimeout(this.trimTimer);
    this.trimTimer = setTimeout(() => {
      for (const handle of this.idle.splice(1)) handle.terminate();
    }, IDLE_TRIM_MS);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.trimTimer);
    for (const handle of [...this.idle.splice(0), ...this.booting.splice(0)]) handle.terminate();
  }
}
