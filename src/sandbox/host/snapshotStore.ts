import { type DBSchema, openDB } from "idb";

/**
 * Python memory snapshots kept in the app origin's IndexedDB across visits, so a repeat visit
 * boots its first worker from one. A snapshot is private to the exact code that made it, so it is
 * stored under a key derived from that code, with its length and a checksum: a stale or damaged
 * snapshot is never handed to a worker (and a worker that still cannot restore one boots in full).
 */
export interface SnapshotStore {
  load(key: string): Promise<ArrayBuffer | undefined>;
  /** Keeps `bytes` as the one snapshot, replacing any other. */
  save(key: string, bytes: ArrayBuffer): Promise<void>;
}

interface StoredSnapshot {
  key: string;
  size: number;
  checksum: number;
  bytes: ArrayBuffer;
}

interface SnapshotDb extends DBSchema {
  snapshots: { key: string; value: StoredSnapshot };
}

/**
 * FNV-1a over 32-bit words (and the tail bytes): detects a damaged snapshot as well as a CRC
 * would for accidents, at a fraction of the cost on a 30 MB buffer read on the critical path.
 */
export function snapshotChecksum(bytes: ArrayBuffer): number {
  const words = new Uint32Array(bytes, 0, bytes.byteLength >>> 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i]!, 0x01000193);
  for (const byte of new Uint8Array(bytes, words.length * 4)) {
    hash = Math.imul(hash ^ byte, 0x01000193);
  }
  return hash >>> 0;
}

/** Whether a stored record is whole: the right key, length and checksum. */
export function intactSnapshot(record: StoredSnapshot | undefined, key: string) {
  return (
    record !== undefined &&
    record.key === key &&
    record.bytes instanceof ArrayBuffer &&
    record.bytes.byteLength === record.size &&
    snapshotChecksum(record.bytes) === record.checksum
  );
}

export const SNAPSHOT_DB = "skillbox-snapshots";

export async function openIdbSnapshotStore(name = SNAPSHOT_DB): Promise<SnapshotStore> {
  const db = await openDB<SnapshotDb>(name, 1, {
    upgrade(database) {
      database.createObjectStore("snapshots", { keyPath: "key" });
    },
  });
  return {
    async load(key) {
      const record = await db.get("snapshots", key);
      if (intactSnapshot(record, key)) return record!.bytes;
      if (record) await db.delete("snapshots", key);
      return undefined;
    },
    async save(key, bytes) {
      const transaction = db.transaction("snapshots", "readwrite");
      await transaction.store.clear();
      await transaction.store.put({
        key,
        size: bytes.byteLength,
        checksum: snapshotChecksum(bytes),
        bytes,
      });
      await transaction.done;
    },
  };
}
