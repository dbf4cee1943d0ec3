import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OutputFile } from "../sandbox/runtime";
import { unsafePathReason } from "../skills/paths";
import { type OutputFileStore, outputFileUrlPath } from "../tools/outputFiles";

/** How much the output files take, against the cap. */
export interface OutputFileStats {
  files: number;
  bytes: number;
  capBytes: number;
}

/** An output file store the library manages: the tools save into it, the embedder reads it. */
export interface ManagedOutputFileStore extends OutputFileStore {
  readonly capBytes: number;
  stats(): Promise<OutputFileStats>;
  clear(): Promise<void>;
  /** A file's bytes by its URL path (`/skillbox-files/…`). */
  read(urlPath: string): Promise<ArrayBuffer | undefined>;
}

/** One stored file's bookkeeping; its bytes live apart so listing never loads them. */
interface StoredEntry {
  /** URL path, `/skillbox-files/RUN/SKILL/PATH`. */
  path: string;
  runId: string;
  size: number;
  /** Save order: the oldest go first when the store is past its cap. */
  order: number;
}

interface Usage {
  files: number;
  bytes: number;
  nextOrder: number;
}

interface OutputFilesDb extends DBSchema {
  entries: { key: string; value: StoredEntry; indexes: { "by-order": number } };
  bodies: { key: string; value: ArrayBuffer };
  usage: { key: "usage"; value: Usage };
}

/** The app's store, which its service worker serves from; an embedder's may be named otherwise. */
export const OUTPUT_FILES_DB = "skillbox-output-files";
const DB_VERSION = 1;
/** Where output files were kept before this store (Cache Storage); cleared with the rest. */
const LEGACY_CACHE = "skillbox-output-files";

export const DEFAULT_OUTPUT_CAP_BYTES = 200 * 1024 * 1024;

function openOutputFilesDb(name = OUTPUT_FILES_DB): Promise<IDBPDatabase<OutputFilesDb>> {
  return openDB<OutputFilesDb>(name, DB_VERSION, {
    upgrade(database) {
      const entries = database.createObjectStore("entries", { keyPath: "path" });
      entries.createIndex("by-order", "order");
      database.createObjectStore("bodies");
      database.createObjectStore("usage");
    },
  });
}

/** A stored file's bytes by URL path, for the service worker that serves them. */
export async function readStoredOutputFile(urlPath: string): Promise<ArrayBuffer | undefined> {
  const db = await openOutputFilesDb();
  try {
    return await db.get("bodies", urlPath);
  } finally {
    db.close();
  }
}

/**
 * Output files in IndexedDB under their URL paths, so their URLs keep working after a reload and
 * offline (the service worker serves them). Bookkeeping (sizes, save order, running totals) is
 * kept beside the bytes and changed in the same transaction, so the store never has to list or
 * load every file: past the cap, the oldest files of earlier runs are evicted through an index,
 * and never a file of the run being saved.
 */
export class IdbOutputFileStore implements ManagedOutputFileStore {
  private db: Promise<IDBPDatabase<OutputFilesDb>> | undefined;

  constructor(
    private readonly origin: string = location.origin,
    readonly capBytes: number = DEFAULT_OUTPUT_CAP_BYTES,
    private readonly dbName: string = OUTPUT_FILES_DB,
  ) {}

  private open(): Promise<IDBPDatabase<OutputFilesDb>> {
    this.db ??= openOutputFilesDb(this.dbName);
    return this.db;
  }

  async read(urlPath: string): Promise<ArrayBuffer | undefined> {
    return (await this.open()).get("bodies", urlPath);
  }

  async stats(): Promise<OutputFileStats> {
    const usage = await (await this.open()).get("usage", "usage");
    return { files: usage?.files ?? 0, bytes: usage?.bytes ?? 0, capBytes: this.capBytes };
  }

  async clear(): Promise<void> {
    const db = await this.open();
    const tx = db.transaction(["entries", "bodies", "usage"], "readwrite");
    await Promise.all([
      tx.objectStore("entries").clear(),
      tx.objectStore("bodies").clear(),
      tx.objectStore("usage").clear(),
      tx.done,
    ]);
    if (typeof caches !== "undefined") await caches.delete(LEGACY_CACHE);
  }

  async save(runId: string, skillName: string, files: readonly OutputFile[]): Promise<string[]> {
    const kept = files.filter((file) => !unsafePathReason(file.path));
    if (kept.length === 0) return [];
    const db = await this.open();
    const tx = db.transaction(["entries", "bodies", "usage"], "readwrite");
    const entries = tx.objectStore("entries");
    const bodies = tx.objectStore("bodies");
    const usage = (await tx.objectStore("usage").get("usage")) ?? {
      files: 0,
      bytes: 0,
      nextOrder: 0,
    };
    const paths: string[] = [];
    for (const file of kept) {
      const path = outputFileUrlPath(runId, skillName, file.path);
      const replaced = await entries.get(path);
      if (replaced) {
        usage.files -= 1;
        usage.bytes -= replaced.size;
      }
      await bodies.put(file.data.slice().buffer as ArrayBuffer, path);
      await entries.put({ path, runId, size: file.data.byteLength, order: usage.nextOrder++ });
      usage.files += 1;
      usage.bytes += file.data.byteLength;
      paths.push(path);
    }
    let cursor = await entries.index("by-order").openCursor();
    while (cursor && usage.bytes > this.capBytes) {
      const entry = cursor.value;
      if (entry.runId !== runId) {
        await bodies.delete(entry.path);
        await cursor.delete();
        usage.files -= 1;
        usage.bytes -= entry.size;
      }
      cursor = await cursor.continue();
    }
    await tx.objectStore("usage").put(usage, "usage");
    await tx.done;
    return paths.map((path) => `${this.origin}${path}`);
  }
}
