import type { SkillBundle } from "./bundle";
import type { SkillManifest } from "./manifest";

/** One installed version of a skill. */
export interface SkillVersion {
  name: string;
  version: number;
  manifest: SkillManifest;
  instructions: string;
  files: ReadonlyMap<string, Uint8Array>;
}

export interface SkillSummary {
  name: string;
  /** Description of the default version. */
  description: string;
  versions: number[];
  latestVersion: number;
  defaultVersion: number;
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

interface SkillRecord {
  versions: Map<number, SkillVersion>;
  latestVersion: number;
  defaultVersion: number;
  /** Highest number ever given, so a deleted version's number is never reused. */
  lastAssigned: number;
}

/** In-memory skills with the version rules of CONTRACT §1. */
export class SkillRegistry implements SkillCatalog {
  private readonly skills = new Map<string, SkillRecord>();

  /** Installs a bundle: a new skill gets version 1, an existing one version N+1. */
  install(bundle: SkillBundle): { name: string; version: number } {
    const record = this.skills.get(bundle.name);
    const version = record ? record.lastAssigned + 1 : 1;
    const entry: SkillVersion = {
      name: bundle.name,
      version,
      manifest: bundle.manifest,
      instructions: bundle.instructions,
      files: bundle.files,
    };
    if (record) {
      record.versions.set(version, entry);
      record.latestVersion = version;
      record.lastAssigned = version;
    } else {
      this.skills.set(bundle.name, {
        versions: new Map([[version, entry]]),
        latestVersion: version,
        defaultVersion: version,
        lastAssigned: version,
      });
    }
    return { name: bundle.name, version };
  }

  async getSkill(name: string, version?: number): Promise<SkillVersion | undefined> {
    return this.getSkillNow(name, version);
  }

  getSkillNow(name: string, version?: number): SkillVersion | undefined {
    const record = this.skills.get(name);
    return record?.versions.get(version ?? record.defaultVersion);
  }

  async listSkills(): Promise<SkillSummary[]> {
    return [...this.skills.entries()]
      .map(([name, record]) => ({
        name,
        description: record.versions.get(record.defaultVersion)!.manifest.description,
        versions: [...record.versions.keys()].sort((a, b) => a - b),
        latestVersion: record.latestVersion,
        defaultVersion: record.defaultVersion,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  setDefaultVersion(name: string, version: number): void {
    const record = this.require(name);
    if (!record.versions.has(version)) {
      throw new SkillRegistryError(`Skill "${name}" has no version ${version}`);
    }
    record.defaultVersion = version;
  }

  /** Deletes one version; the default cannot be deleted, and the last one takes the skill along. */
  deleteVersion(name: string, version: number): void {
    const record = this.require(name);
    if (!record.versions.has(version)) {
      throw new SkillRegistryError(`Skill "${name}" has no version ${version}`);
    }
    if (record.versions.size === 1) {
      this.skills.delete(name);
      return;
    }
    if (version === record.defaultVersion) {
      throw new SkillRegistryError(
        `Version ${version} is the default version of "${name}" and cannot be deleted; make another version the default first`,
      );
    }
    record.versions.delete(version);
    record.latestVersion = Math.max(...record.versions.keys());
  }

  deleteSkill(name: string): void {
    this.require(name);
    this.skills.delete(name);
  }

  private require(name: string): SkillRecord {
    const record = this.skills.get(name);
    if (!record) throw new SkillRegistryError(`Skill "${name}" is not installed`);
    return record;
  }
}
