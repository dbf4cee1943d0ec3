import { type DBSchema, openDB } from "idb";
import { crc32Update } from "../../skills/crc32";

/**
 * Python memory snapshots kept in the app origin's IndexedDB across visits, so a repeat visit
 * boots its first worker from one. A snapshot is private to the exact code that made it, so it is
 * stored under a key derived from that code, and with a checksum: a stale or damaged snapshot is
 * never handed to a worker (and a worker that still cannot restore one boots in full).
 */
export interface SnapshotStore {
  load(key: string): Promise<ArrayBuffer | undefined>;
  /** Keeps `bytes` as the one snapshot, replacing any other. */
  save(key: string, bytes: ArrayBuffer): Promise<void>;
}

interface StoredSnapshot {
  key: string;
  size: number;
  crc: number;
  bytes: ArrayBuffer;
}

interface SnapshotDb extends DBSchema {
  snapshots: { key: string; value: StoredSnapshot };
}

const checksum = (bytes: ArrayBuffer) => crc32Update(0, new Uint8Array(bytes));

/** Whether a stored record is whole: the right key, length and checksum. */
export function intactSnapshot(record: StoredSnapshot | undefined, key: string) {
  return (
    record !== undefined &&
    record.key === key &&
    record.bytes instanceof ArrayBuffer &&
    record.bytes.byteLength === record.size &&
    checksum(record.bytes) === record.crc
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
      await transaction.store.put({ key, size: bytes.byteLength, crc: checksum(bytes), bytes });
      await transaction.done;
    },
  };
}
