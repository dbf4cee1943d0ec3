const POLL_MS = 10;

/**
 * Calls `onInterrupt` once the frame sets the shared interrupt cell to 2 (SIGINT), for engines
 * that cannot read the cell themselves (their scripts run outside this worker's JavaScript).
 * Returns the function that stops watching.
 */
export function watchInterrupt(cell: Int32Array, onInterrupt: () => void): () => void {
  const poll = setInterval(() => {
    if (Atomics.load(cell, 0) !== 2) return;
    clearInterval(poll);
    onInterrupt();
  }, POLL_MS);
  return () => clearInterval(poll);
}
