import type { OutputFile } from "../sandbox/runtime";
import { unsafePathReason } from "../skills/paths";
import { outputFileUrlPath } from "../tools/outputFiles";
import {
  DEFAULT_OUTPUT_CAP_BYTES,
  type ManagedOutputFileStore,
  type OutputFileStats,
} from "./outputFileStore";

/**
 * Output files kept in memory only (an embed with `storage: "memory"`): gone with the page. Past
 * the cap, the oldest files of earlier runs go first, never a file of the run being saved.
 */
export class MemoryOutputFileStore implements ManagedOutputFileStore {
  /** By URL path, in save order (a Map keeps insertion order; a replaced file moves to the end). */
  private readonly files = new Map<string, { runId: string; data: Uint8Array }>();
  private bytes = 0;

  constructor(
    private readonly origin: string,
    readonly capBytes: number = DEFAULT_OUTPUT_CAP_BYTES,
  ) {}

  async stats(): Promise<OutputFileStats> {
    return { files: this.files.size, bytes: this.bytes, capBytes: this.capBytes };
  }

  async clear(): Promise<void> {
    this.files.clear();
    this.bytes = 0;
  }

  async read(urlPath: string): Promise<ArrayBuffer | undefined> {
    return this.files.get(urlPath)?.data.slice().buffer as ArrayBuffer | undefined;
  }

  async save(runId: string, skillName: string, files: readonly OutputFile[]): Promise<string[]> {
    const paths: string[] = [];
    for (const file of files.filter((candidate) => !unsafePathReason(candidate.path))) {
      const path = outputFileUrlPath(runId, skillName, file.path);
      this.bytes -= this.files.get(path)?.data.byteLength ?? 0;
      this.files.delete(path);
      this.files.set(path, { runId, data: file.data.slice() });
      this.bytes += file.data.byteLength;
      paths.push(path);
    }
    for (const [path, kept] of this.files) {
      if (this.bytes <= this.capBytes) break;
      if (kept.runId === runId) continue;
      this.files.delete(path);
      this.bytes -= kept.data.byteLength;
    }
    return paths.map((path) => `${this.origin}${path}`);
  }
}
