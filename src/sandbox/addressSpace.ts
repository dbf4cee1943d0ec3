/**
 * Waits before each new worker boot while the renderer has no address space for another
 * WebAssembly memory (3.75 s in all). Each memory reserves about 10 GiB of it, and ended workers
 * give theirs back some time after they are terminated: right after a fork storm's processes
 * ended, the next run's worker failed to boot with "WebAssembly.Memory(): could not allocate
 * memory" in 2 of 8 CI runs, and at once again when booted straight away. Measured here, a boot
 * 1-3 s later succeeds.
 */
export const NO_ADDRESS_SPACE_WAITS_MS: readonly number[] = [250, 500, 1000, 2000];

/** How Chromium says it could not reserve a WebAssembly memory. */
const ADDRESS_SPACE_ERROR = /could not allocate memory|Cannot allocate Wasm memory/;

/** Whether `error` says the renderer could not reserve a WebAssembly memory. */
export function isOutOfAddressSpace(error: unknown): boolean {
  return error instanceof Error && ADDRESS_SPACE_ERROR.test(error.message);
}

/**
 * Runs `attempt` again after each wait of `waits` while it fails for want of address space, and
 * rethrows its last error otherwise. For work that makes its memory asynchronously, in a worker
 * of its own (the in-browser model's engine): the page's renderer can share its address space
 * with the sandbox's workers, whose ended memories come back within seconds.
 */
export async function retryWhileOutOfAddressSpace<T>(
  attempt: () => Promise<T>,
  waits: readonly number[],
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((done) => setTimeout(done, ms)),
): Promise<T> {
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const wait = waits[tried];
      if (wait === undefined || !isOutOfAddressSpace(error)) throw error;
      await sleep(wait);
    }
  }
}

/** The note of a run stopped because a process of it found no address space for its memory. */
export const NO_ADDRESS_SPACE_NOTE =
  "stopped: the page had no room for another process's memory (processes that just ended give theirs back within seconds); run it again";

/**
 * Waits before each further attempt to make a WebAssembly memory inside a run (6.3 s in all).
 * A run's worker booted, but its processes' memories are made later, by the shell worker (a
 * fork's copy) and by each process's worker (an exec's): right after a fork storm one of them
 * found no room in a CI run whose worker had booted, and the SDK ends the whole run when one fails.
 */
export const MEMORY_RETRY_WAITS_MS: readonly number[] = [100, 200, 400, 800, 1600, 3200];

/**
 * A `WebAssembly.Memory` constructor that, when the renderer has no address space left, blocks
 * its worker for the next wait of {@link MEMORY_RETRY_WAITS_MS} and tries again. It blocks
 * because the SDK makes memories synchronously; ended workers give address space back on their
 * own threads meanwhile. Instances are the native constructor's (`instanceof` holds).
 */
export function retryingMemory(
  NativeMemory: typeof WebAssembly.Memory,
  sleep: (ms: number) => void,
): typeof WebAssembly.Memory {
  function RetryingMemory(descriptor: WebAssembly.MemoryDescriptor): WebAssembly.Memory {
    for (let attempt = 0; ; attempt++) {
      try {
        return new NativeMemory(descriptor);
      } catch (error) {
        const wait = MEMORY_RETRY_WAITS_MS[attempt];
        if (wait === undefined || !isOutOfAddressSpace(error)) throw error;
        sleep(wait);
      }
    }
  }
  RetryingMemory.prototype = NativeMemory.prototype;
  return RetryingMemory as unknown as typeof WebAssembly.Memory;
}

/** Blocks the calling worker for `ms` (Atomics.wait is allowed in workers only). */
export function blockWorker(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Replaces this worker's `WebAssembly.Memory` with {@link retryingMemory}. */
export function installRetryingMemory(): void {
  Object.defineProperty(WebAssembly, "Memory", {
    value: retryingMemory(WebAssembly.Memory, blockWorker),
    configurable: true,
    writable: true,
  });
}

/**
 * The same, as classic-script source for a process worker's bootstrap (a blob), kept beside the
 * TypeScript version so both retry alike.
 */
export const RETRYING_MEMORY_SOURCE = `(function () {
  var NativeMemory = WebAssembly.Memory;
  var waits = ${JSON.stringify(MEMORY_RETRY_WAITS_MS)};
  var cell = new Int32Array(new SharedArrayBuffer(4));
  var wait = Atomics.wait;
  function RetryingMemory(descriptor) {
    for (var attempt = 0; ; attempt++) {
      try {
        return new NativeMemory(descriptor);
      } catch (error) {
        var ms = waits[attempt];
        if (ms === undefined || !(error instanceof Error) ||
            !${ADDRESS_SPACE_ERROR.toString()}.test(error.message)) throw error;
        wait(cell, 0, 0, ms);
      }
    }
  }
  RetryingMemory.prototype = NativeMemory.prototype;
  Object.defineProperty(WebAssembly, "Memory", { value: RetryingMemory, configurable: true, writable: true });
})();`;
