import type { OutputFile } from "../../src/sandbox/runtime";

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Files under the working directory that a run created or changed, sorted by path. */
export function changedFiles(
  before: Record<string, Uint8Array>,
  after: Iterable<OutputFile>,
): OutputFile[] {
  const changed: OutputFile[] = [];
  for (const file of after) {
    const original = before[file.path];
    if (!original || !sameBytes(original, file.data)) changed.push(file);
  }
  return changed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
