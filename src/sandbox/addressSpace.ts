/**
 * Waits before each new worker boot while the renderer has no address space for another
 * WebAssembly memory (3.75 s in all). Each memory reserves about 10 GiB of it, and ended workers
 * give theirs back some time after they are terminated: right after a fork storm's processes
 * ended, the next run's worker failed to boot with "WebAssembly.Memory(): could not allocate
 * memory" in 2 of 8 CI runs, and at once again when booted straight away. Measured here, a boot
 * 1-3 s later succeeds.
 */
export const NO_ADDRESS_SPACE_WAITS_MS: readonly number[] = [250, 500, 1000, 2000];

/** Whether `error` says the renderer could not reserve a WebAssembly memory. */
export function isOutOfAddressSpace(error: unknown): boolean {
  return (
    error instanceof Error &&
    /could not allocate memory|Cannot allocate Wasm memory/.test(error.message)
  );
}

/** The note of a run stopped because a process of it found no address space for its memory. */
export const NO_ADDRESS_SPACE_NOTE =
  "stopped: the page had no room for another process's memory (processes that just ended give theirs back within seconds); run it again";
