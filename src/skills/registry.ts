import type { SkillBundle } from "./bundle";
import type { BundleProblem } from "./problems";
import {
  aboutOf,
  type SkillChange,
  type SkillEntry,
  type SkillOrigin,
  type SkillStorage,
  type SkillVersion,
} from "./storage";

export type { SkillOrigin, SkillVersion } from "./storage";

export type SkillSummary = Omit<SkillEntry, "lastAssigned">;

/** What an install did: the skill's name, the version it became, and what the check warned. */
export interface InstalledSkill {
  name: string;
  version: number;
  warnings: BundleProblem[];
}

/** Read access to installed skills; what the tools need, whatever the storage behind it. */
export interface SkillCatalog {
  /** The named version, or the default version when none is named. */
  getSkill(name: string, version?: number): Promise<SkillVersion | undefined>;
  listSkills(): Promise<SkillSummary[]>;
}

export class SkillRegistryError extends Error {
  override name = "SkillRegistryError";
}

function requireEntry(name: string, entry: SkillEntry | undefined): SkillEntry {
  if (!entry) throw new SkillRegistryError(`Skill "${name}" is not installed`);
  return entry;
}

function requireVersion(entry: SkillEntry, version: number): void {
  if (!entry.versions.includes(version)) {
    throw new SkillRegistryError(`Skill "${entry.name}" has no version ${version}`);
  }
}

/**
 * Installed skills with the version rules of CONTRACT §1, over any {@link SkillStorage}: each
 * operation is one atomic step of the storage.
 */
export class SkillRegistry implements SkillCatalog {
  constructor(private readonly storage: SkillStorage) {}

  /** Installs a bundle: a new skill gets version 1, an existing one version N+1. */
  async install(bundle: SkillBundle, origin?: SkillOrigin): Promise<InstalledSkill> {
    const change = await this.storage.transact(bundle.name, (entry) => {
      const version = entry ? entry.lastAssigned + 1 : 1;
      // The entry describes the default version, which a new version of a known skill is not.
      const about = entry ? entry.about : aboutOf({ manifest: bundle.manifest, origin });
      const versions = [...(entry?.versions ?? []), version];
      const defaultVersion = entry?.defaultVersion ?? version;
      return {
        entry: {
          name: bundle.name,
          description: entry?.description ?? bundle.manifest.description,
          warnings: entry ? entry.warnings : bundle.warnings,
          ...(about ? { about } : {}),
          versions,
          latestVersion: version,
          defaultVersion,
          lastAssigned: version,
        },
        putVersion: {
          name: bundle.name,
          version,
          manifest: bundle.manifest,
          instructions: bundle.instructions,
          files: bundle.files,
          warnings: bundle.warnings,
          ...(origin ? { origin } : {}),
        },
        deleteVersions: [],
      };
    });
    return {
      name: bundle.name,
      version: change.entry!.latestVersion,
      warnings: bundle.warnings,
    };
  }

  async getSkill(name: string, version?: number): Promise<SkillVersion | undefined> {
    const entry = await this.storage.get(name);
    if (!entry) return undefined;
    return this.storage.getVersion(name, version ?? entry.defaultVersion);
  }

  async listSkills(): Promise<SkillSummary[]> {
    return (await this.storage.list())
      .map(({ lastAssigned: _lastAssigned, ...summary }) => summary)
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async setDefaultVersion(name: string, version: number): Promise<void> {
    const chosen = await this.storage.getVersion(name, version);
    await this.storage.transact(name, (current) => {
      const entry = requireEntry(name, current);
      requireVersion(entry, version);
      return {
        entry: {
          ...entry,
          defaultVersion: version,
          description: chosen!.manifest.description,
          warnings: chosen!.warnings,
          about: aboutOf(chosen!),
        },
        deleteVersions: [],
      };
    });
  }

  /** Deletes one version; the default cannot be deleted, and the last one takes the skill along. */
  async deleteVersion(name: string, version: number): Promise<void> {
    await this.storage.transact(name, (current): SkillChange => {
      const entry = requireEntry(name, current);
      requireVersion(entry, version);
      if (entry.versions.length === 1) return { entry: null, deleteVersions: [version] };
      if (version === entry.defaultVersion) {
        throw new SkillRegistryError(
          `Version ${version} is the default version of "${name}" and cannot be deleted; make another version the default first`,
        );
      }
      const versions = entry.versions.filter((v) => v !== version);
      return {
        entry: { ...entry, versions, latestVersion: Math.max(...versions) },
        deleteVersions: [version],
      };
    });
  }

  async deleteSkill(name: string): Promise<void> {
    await this.storage.transact(name, (current) => ({
      entry: null,
      deleteVersions: requireEntry(name, current).versions,
    }));
  }
}
