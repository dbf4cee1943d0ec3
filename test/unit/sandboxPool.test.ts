import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AdmissionQueue } from "../../src/sandbox/frame/admission";
import { BootPriority, BootScheduler } from "../../src/sandbox/frame/bootScheduler";
import { PooledRuntime, type WorkerSource } from "../../src/sandbox/frame/pooledRuntime";
import type {
  RuntimeWorkerSpec,
  SandboxWorker,
  SnapshotDuty,
  SubrunHandler,
  WorkerRunResult,
} from "../../src/sandbox/frame/workerHandle";
import { WorkerPool } from "../../src/sandbox/frame/workerPool";
import type { NoteMessage, OutputMessage, SubrunMessage } from "../../src/sandbox/protocol";
import type { RawRunOutcome, RunRequest, Runtime } from "../../src/sandbox/runtime";

/** A promise with its settlers, for driving a stand-in worker step by step. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A worker that does only what the test tells it, and records what was asked of it. */
class FakeWorker implements SandboxWorker {
  private readonly boot = deferred<number>();
  readonly ready = this.boot.promise;
  private readonly finish = deferred<WorkerRunResult>();
  onOutput: ((message: OutputMessage | NoteMessage) => void) | undefined;
  onSubrun: SubrunHandler | undefined;
  request: RunRequest | undefined;
  interrupted = false;
  terminated = false;
  /** What the worker does when interrupted; by default nothing (a worker that never answers). */
  whenInterrupted: () => void = () => {};

  constructor(readonly snapshot?: SnapshotDuty) {
    this.ready.catch(() => {});
  }

  booted(): void {
    this.boot.resolve(1);
  }

  failBoot(message = "boot failed"): void {
    this.boot.reject(new Error(message));
  }

  run(
    request: RunRequest,
    onOutput: (message: OutputMessage | NoteMessage) => void,
    onSubrun?: SubrunHandler,
  ): Promise<WorkerRunResult> {
    this.request = request;
    this.onOutput = onOutput;
    this.onSubrun = onSubrun;
    return this.finish.promise;
  }

  print(text: string): void {
    this.onOutput?.({ type: "output", stream: "stdout", text });
  }

  end(exitCode: number, files: WorkerRunResult["files"] = []): void {
    this.finish.resolve({ exitCode, files });
  }

  interrupt(): void {
    this.interrupted = true;
    this.whenInterrupted();
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** Hands out ready stand-in workers and keeps them for the test to drive. */
class FakeSource implements WorkerSource {
  readonly workers: FakeWorker[] = [];
  async take(): Promise<FakeWorker> {
    const worker = new FakeWorker();
    worker.booted();
    this.workers.push(worker);
    return worker;
  }
}

function request(overrides: Partial<RunRequest> = {}): RunRequest {
  return {
    runId: "r1",
    language: "python",
    skillName: "s",
    scriptPath: "scripts/a.py",
    args: [],
    files: {},
    env: {},
    timeLimitMs: 1000,
    maxOutputChars: 1000,
    outputFiles: { maxFiles: 10, maxBytes: 1000 },
    memoryLimitBytes: 1 << 20,
    ...overrides,
  };
}

const admission = (maxConcurrent = 2) =>
  new AdmissionQueue("Python", { maxConcurrent, maxQueueWaitMs: 5000, maxQueued: 4 });

/** Lets every settled promise's callbacks run, with no fake time passing. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("PooledRuntime: the termination timer", () => {
  test("a run that ends in time gives its exit code, output and files; its worker is ended", async () => {
    const source = new FakeSource();
    const outcome = new PooledRuntime(source, admission()).run(request());
    await settle();
    const worker = source.workers[0]!;
    worker.print("hi\n");
    worker.end(3, [{ path: "out/a.txt", data: new Uint8Array([1]) }]);
    expect(await outcome).toMatchObject({
      exitCode: 3,
      timedOut: false,
      stdout: "hi\n",
      notes: [],
      files: [{ path: "out/a.txt" }],
    });
    expect(worker.interrupted).toBe(false);
    expect(worker.terminated).toBe(true);
  });

  test("at the limit the worker is interrupted, then terminated after the grace, though it never answers", async () => {
    const source = new FakeSource();
    let settled: RawRunOutcome | undefined;
    void new PooledRuntime(source, admission()).run(request()).then((o) => {
      settled = o;
    });
    await settle();
    const worker = source.workers[0]!;
    worker.print("partial\n");
    await vi.advanceTimersByTimeAsync(999);
    expect(worker.interrupted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.interrupted).toBe(true);
    expect(worker.terminated).toBe(false);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(250);
    expect(worker.terminated).toBe(true);
    expect(settled).toEqual({
      exitCode: 124,
      timedOut: true,
      stdout: "partial\n",
      stdoutTotalChars: 8,
      stderr: "",
      stderrTotalChars: 0,
      files: [],
      notes: ["stopped: the run passed its time limit of 1000 ms"],
    });
  });

  test("a worker that winds down within the grace keeps the files it wrote; the run still timed out", async () => {
    const source = new FakeSource();
    const outcome = new PooledRuntime(source, admission()).run(request({ timeLimitMs: 500 }));
    await settle();
    const worker = source.workers[0]!;
    worker.whenInterrupted = () =>
      setTimeout(() => worker.end(1, [{ path: "out/x", data: new Uint8Array(2) }]), 100);
    await vi.advanceTimersByTimeAsync(600);
    expect(await outcome).toMatchObject({
      exitCode: 124,
      timedOut: true,
      files: [{ path: "out/x" }],
    });
  });

  test("a cancel ends the run at once with 130 and ends its worker", async () => {
    const source = new FakeSource();
    const cancel = new AbortController();
    const outcome = new PooledRuntime(source, admission()).run(request(), cancel.signal);
    await settle();
    cancel.abort();
    expect(await outcome).toMatchObject({ exitCode: 130, timedOut: false, notes: ["cancelled"] });
    expect(source.workers[0]!.terminated).toBe(true);
  });

  test("a queued run's limit starts when it does, and the wait is noted", async () => {
    const source = new FakeSource();
    const runtime = new PooledRuntime(source, admission(1));
    const first = runtime.run(request({ runId: "a" }));
    let second: RawRunOutcome | undefined;
    void runtime.run(request({ runId: "b" })).then((o) => {
      second = o;
    });
    await settle();
    expect(source.workers).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(800);
    source.workers[0]!.end(0);
    await first;
    await settle();
    const late = source.workers[1]!;
    expect(late.request?.runId).toBe("b");
    // 800 ms in the queue are not charged: the second run has its whole second.
    await vi.advanceTimersByTimeAsync(900);
    expect(late.interrupted).toBe(false);
    late.end(0);
    await settle();
    expect(second?.exitCode).toBe(0);
    expect(second?.notes).toEqual([
      "waited 800 ms for a free runtime; the time limit counted from the start of the run",
    ]);
  });

  test("a sub-run gets what is left of its caller's time, and ends with it", async () => {
    const source = new FakeSource();
    const asked: RunRequest[] = [];
    let subrunSignal: AbortSignal | undefined;
    const others: Runtime = {
      run(sub, signal) {
        asked.push(sub);
        subrunSignal = signal;
        return new Promise(() => {});
      },
    };
    const outcome = new PooledRuntime(source, admission(), others).run(request());
    await settle();
    const worker = source.workers[0]!;
    await vi.advanceTimersByTimeAsync(300);
    const call: SubrunMessage = {
      type: "subrun",
      id: 7,
      language: "javascript",
      scriptPath: "scripts/b.js",
      args: ["x"],
      files: [],
      directories: ["out", "../escape"],
    };
    void worker.onSubrun?.(call);
    expect(asked[0]).toMatchObject({
      runId: "r1.7",
      language: "javascript",
      scriptPath: "scripts/b.js",
      args: ["x"],
      directories: ["out"],
      timeLimitMs: 700,
    });
    expect(subrunSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(700 + 250);
    expect((await outcome).timedOut).toBe(true);
    expect(subrunSignal?.aborted).toBe(true);
  });

  test("a sub-run of a path outside the skill is refused without running", async () => {
    const source = new FakeSource();
    const others: Runtime = { run: vi.fn() };
    void new PooledRuntime(source, admission(), others).run(request());
    await settle();
    const answer = await source.workers[0]!.onSubrun?.({
      type: "subrun",
      id: 1,
      language: "python",
      scriptPath: "../x.py",
      args: [],
      files: [],
      directories: [],
    });
    expect(answer?.exitCode).toBe(2);
    expect(answer?.stderr).toMatch(/^can't open file '\.\.\/x\.py': /);
    expect(others.run).not.toHaveBeenCalled();
  });
});

/** A pool over stand-in workers, with the workers it started in order. */
function fakePool(
  depth: number,
  spec: Partial<RuntimeWorkerSpec> = {},
  scheduler = new BootScheduler(2),
) {
  const started: FakeWorker[] = [];
  const pool = new WorkerPool(
    {
      label: "Python",
      moduleUrl: "",
      moduleUrls: {},
      assetBaseUrl: "",
      assets: {},
      compiled: {},
      bootTimeoutMs: 1000,
      relaxedLayers: [],
      snapshots: false,
      ...spec,
    },
    depth,
    scheduler,
    (_spec, snapshot) => {
      const worker = new FakeWorker(snapshot);
      started.push(worker);
      return worker;
    },
  );
  return { pool, started };
}

describe("WorkerPool", () => {
  test("boots its first worker alone, then fills to its depth", async () => {
    const { pool, started } = fakePool(3);
    pool.warm();
    pool.warm();
    await settle();
    expect(started).toHaveLength(1);
    // The second warm queued the refills; they wait for the first boot.
    expect(pool.state()).toEqual({ ready: 0, booting: 3, depth: 3 });
    started[0]!.booted();
    await settle();
    expect(started).toHaveLength(3);
    for (const worker of started) worker.booted();
    await settle();
    expect(pool.state()).toEqual({ ready: 3, booting: 0, depth: 3 });
  });

  test("a pool whose first boot leads keeps another pool's first boot waiting until it is up", async () => {
    const scheduler = new BootScheduler(2);
    const python = fakePool(2, { firstBootLeads: true }, scheduler);
    const javascript = fakePool(2, {}, scheduler);
    python.pool.warm();
    javascript.pool.warm();
    await settle();
    expect([python.started.length, javascript.started.length]).toEqual([1, 0]);
    python.started[0]!.booted();
    await settle();
    expect([python.started.length, javascript.started.length]).toEqual([1, 1]);
  });

  test("a take gets a ready worker and the pool refills behind it", async () => {
    const { pool, started } = fakePool(2);
    pool.warm();
    started[0]!.booted();
    await settle();
    started[1]!.booted();
    await settle();
    const taken = await pool.take();
    expect(taken).toBe(started[0]);
    expect(pool.state().ready).toBe(1);
    await settle();
    expect(started).toHaveLength(3);
  });

  test("a take with nothing ready claims the oldest booting worker rather than start another", async () => {
    const { pool, started } = fakePool(1);
    pool.warm();
    const taking = pool.take();
    expect(started).toHaveLength(1);
    started[0]!.booted();
    expect(await taking).toBe(started[0]);
  });

  test("a take whose claimed boot failed starts one fresh worker", async () => {
    const { pool, started } = fakePool(1);
    pool.warm();
    const taking = pool.take();
    started[0]!.failBoot();
    await settle();
    expect(started).toHaveLength(2);
    started[1]!.booted();
    expect(await taking).toBe(started[1]);
  });

  test("a take that had to start its own worker reports that worker's boot failure", async () => {
    const { pool, started } = fakePool(1);
    const taking = pool.take().catch((error: Error) => error.message);
    started[0]!.failBoot();
    expect(await taking).toBe("boot failed");
    expect(started).toHaveLength(1);
  });

  test("a boot that found no address space is tried again after 0.25, 0.5, 1 and 2 s, then fails", async () => {
    const noRoom = "Shell runtime failed to start: WebAssembly.Memory(): could not allocate memory";
    const { pool, started } = fakePool(1);
    const taking = pool.take().catch((error: Error) => error.message);
    for (const waitMs of [250, 500, 1000, 2000]) {
      started.at(-1)!.failBoot(noRoom);
      const before = started.length;
      await vi.advanceTimersByTimeAsync(waitMs - 1);
      expect(started).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(started).toHaveLength(before + 1);
    }
    started.at(-1)!.failBoot(noRoom);
    expect(await taking).toBe(noRoom);
    expect(started).toHaveLength(5);
  });

  test("a claimed boot that found no address space gets its worker once the room is back", async () => {
    const { pool, started } = fakePool(1);
    pool.warm();
    const taking = pool.take();
    started[0]!.failBoot("WebAssembly.Memory(): could not allocate memory");
    await vi.advanceTimersByTimeAsync(250);
    started[1]!.failBoot("WebAssembly.Memory(): could not allocate memory");
    await vi.advanceTimersByTimeAsync(500);
    started[2]!.booted();
    expect(await taking).toBe(started[2]);
  });

  test("a minute without a run trims the pool to one ready worker", async () => {
    const { pool, started } = fakePool(3);
    pool.warm();
    started[0]!.booted();
    await settle();
    for (const worker of started) worker.booted();
    await settle();
    await pool.take();
    await settle();
    for (const worker of started) worker.booted();
    await settle();
    expect(pool.state().ready).toBe(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(pool.state().ready).toBe(1);
    expect(started.filter((w) => w.terminated)).toHaveLength(2);
  });

  test("the second boot makes the snapshot, and no boot starts while it is made", async () => {
    const assets: Record<string, ArrayBuffer> = {};
    const { pool, started } = fakePool(3, { snapshots: true, assets });
    pool.warm();
    expect(started[0]!.snapshot?.make).toBe(false);
    started[0]!.booted();
    await settle();
    expect(started).toHaveLength(2);
    expect(started[1]!.snapshot?.make).toBe(true);
    const bytes = new ArrayBuffer(8);
    started[1]!.snapshot?.onSnapshot(bytes);
    expect(await pool.newSnapshot).toBe(bytes);
    expect(assets["snapshot.bin"]).toBe(bytes);
    await settle();
    expect(started).toHaveLength(3);
    expect(started[2]!.snapshot?.make).toBe(false);
  });

  test("dispose ends every worker, booting or ready, and starts no more", async () => {
    const { pool, started } = fakePool(2);
    pool.warm();
    started[0]!.booted();
    await settle();
    expect(started).toHaveLength(2);
    pool.dispose();
    expect(started.every((w) => w.terminated)).toBe(true);
    pool.warm();
    await settle();
    expect(started).toHaveLength(2);
  });
});

describe("BootScheduler", () => {
  /** A scheduler whose boots are named, recorded as they start, and ended by the test. */
  const recordingScheduler = (concurrency: number) => {
    const scheduler = new BootScheduler(concurrency);
    const boots = new Map<string, ReturnType<typeof deferred<void>>>();
    const startedOrder: string[] = [];
    const schedule = (name: string, priority: BootPriority) =>
      scheduler.schedule(priority, () => {
        startedOrder.push(name);
        const boot = deferred<void>();
        boots.set(name, boot);
        return boot.promise;
      });
    return { boots, startedOrder, schedule };
  };

  test("first boots start at once; refills wait for every first boot and a free slot", async () => {
    const { boots, startedOrder, schedule } = recordingScheduler(1);
    schedule("refill-a", BootPriority.refill);
    schedule("first-python", BootPriority.first);
    schedule("first-shell", BootPriority.first);
    schedule("refill-b", BootPriority.refill);
    expect(startedOrder).toEqual(["refill-a", "first-python", "first-shell"]);
    boots.get("first-python")!.resolve();
    await settle();
    expect(startedOrder).toHaveLength(3);
    boots.get("first-shell")!.reject(new Error("failed"));
    boots.get("refill-a")!.resolve();
    await settle();
    expect(startedOrder).toEqual(["refill-a", "first-python", "first-shell", "refill-b"]);
  });

  test("the lead boot runs alone: other first boots start together after it, refills after them", async () => {
    const { boots, startedOrder, schedule } = recordingScheduler(2);
    schedule("first-javascript", BootPriority.first);
    schedule("lead-python", BootPriority.lead);
    schedule("first-shell", BootPriority.first);
    schedule("refill-python", BootPriority.refill);
    // The JavaScript first boot was asked for before the lead, so it started; the rest wait.
    expect(startedOrder).toEqual(["first-javascript", "lead-python"]);
    boots.get("first-javascript")!.resolve();
    await settle();
    expect(startedOrder).toEqual(["first-javascript", "lead-python"]);
    // A lead that fails frees the others all the same.
    boots.get("lead-python")!.reject(new Error("boot failed"));
    await settle();
    expect(startedOrder).toEqual(["first-javascript", "lead-python", "first-shell"]);
    boots.get("first-shell")!.resolve();
    await settle();
    expect(startedOrder).toEqual([
      "first-javascript",
      "lead-python",
      "first-shell",
      "refill-python",
    ]);
  });
});
