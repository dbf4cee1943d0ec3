import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { SkillManifest } from "./manifest";
import type { BundleProblem } from "./problems";
import type { SkillChange, SkillEntry, SkillStorage, SkillVersion } from "./storage";

interface StoredVersion {
  name: string;
  version: number;
  manifest: SkillManifest;
  instructions: string;
  files: [string, Uint8Array][];
  /** Absent in libraries saved before install warnings existed. */
  warnings?: BundleProblem[];
}

/** A stored entry, which libraries saved before install warnings existed lack `warnings` in. */
type StoredEntry = Omit<SkillEntry, "warnings"> & { warnings?: BundleProblem[] };

function entryOf(stored: StoredEntry): SkillEntry {
  return { ...stored, warnings: stored.warnings ?? [] };
}

interface SkillboxDb extends DBSchema {
  skills: { key: string; value: StoredEntry };
  versions: { key: [string, number]; value: StoredVersion };
}

const DB_NAME = "skillbox-library";
const DB_VERSION = 1;

/**
 * Skills in IndexedDB. Every change is one readwrite transaction over the skill's entry and its
 * versions, so a failed or interrupted install (a closed tab) leaves the library as it was.
 */
export class IdbSkillStorage implements SkillStorage {
  private constructor(private readonly db: IDBPDatabase<SkillboxDb>) {}

  static async open(name: string = DB_NAME): Promise<IdbSkillStorage> {
    const db = await openDB<SkillboxDb>(name, DB_VERSION, {
      upgrade(database) {
        database.createObjectStore("skills", { keyPath: "name" });
        database.createObjectStore("versions", { keyPath: ["name", "version"] });
      },
    });
    return new IdbSkillStorage(db);
  }

  async list(): Promise<SkillEntry[]> {
    return (await this.db.getAll("skills")).map(entryOf);
  }

  async get(name: string): Promise<SkillEntry | undefined> {
    const stored = await this.db.get("skills", name);
    return stored && entryOf(stored);
  }

  async getVersion(name: string, version: number): Promise<SkillVersion | undefined> {
    const stored = await this.db.get("versions", [name, version]);
    return stored && { ...stored, files: new Map(stored.files), warnings: stored.warnings ?? [] };
  }

  async transact(
    name: string,
    plan: (entry: SkillEntry | undefined) => SkillChange,
  ): Promise<SkillChange> {
    const tx = this.db.transaction(["skills", "versions"], "readwrite");
    const skills = tx.objectStore("skills");
    const versions = tx.objectStore("versions");
    let change: SkillChange;
    try {
      const stored = await skills.get(name);
      change = plan(stored && entryOf(stored));
    } catch (error) {
      tx.abort();
      await tx.done.catch(() => undefined);
      throw error;
    }
    const writes: Promise<unknown>[] = [];
    if (change.entry) writes.push(skills.put(change.entry));
    else writes.push(skills.delete(name));
    if (change.putVersion) {
      const { files, ...rest } = change.putVersion;
      writes.push(versions.put({ ...rest, files: [...files] }));
    }
    for (const version of change.deleteVersions) writes.push(versions.delete([name, version]));
    await Promise.all([...writes, tx.done]);
    return change;
  }
}
