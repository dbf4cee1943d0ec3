import { formatBytes } from "../../src/sandbox/outputFileLimits";

/** Heap a run always keeps, however much its files take: enough to report and end cleanly. */
export const HEAP_FLOOR_BYTES = 16 * 1024 * 1024;

/**
 * The sandbox's note on a run that reached its memory budget: `stopped` when the run was ended,
 * `refused` when only the allocation or write failed (Python raises, and the script may go on).
 */
export function memoryExceededNote(
  outcome: "stopped" | "refused",
  limitBytes: number,
  fileBytes: number,
): string {
  const reached = `the run reached its memory limit of ${formatBytes(limitBytes)} (its files held ${formatBytes(fileBytes)})`;
  return outcome === "stopped" ? `stopped: ${reached}` : `refused memory: ${reached}`;
}

/** The note on a shell run whose processes and files together passed the memory budget. */
export function processMemoryExceededNote(limitBytes: number, heldBytes: number): string {
  return `stopped: the run reached its memory limit of ${formatBytes(limitBytes)} (its processes and files held ${formatBytes(heldBytes)})`;
}
