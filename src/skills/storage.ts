import type { SkillManifest } from "./manifest";
import type { BundleProblem } from "./problems";

/** One installed version of a skill. */
export interface SkillVersion {
  name: string;
  version: number;
  manifest: SkillManifest;
  instructions: string;
  files: ReadonlyMap<string, Uint8Array>;
  /** What the install check warned about; the version installed regardless. */
  warnings: BundleProblem[];
  /** Where the version was imported from, when that was an address: a repository or an MCP server. */
  origin?: SkillOrigin;
}

/** Where an imported version came from; kept so "Check for updates" can ask there again. */
export type SkillOrigin = RepositoryOrigin | McpOrigin;

/** A version's source on a forge: the address it was imported from and the commit it named. */
export interface RepositoryOrigin {
  /** Absent on versions stored before MCP import existed. */
  kind?: "repository";
  url: string;
  commit: string;
}

/**
 * A version served by an MCP server (the Skills extension): the server's address and the skill's
 * URI together identify it, and each file's digest is what the install checked.
 */
export interface McpOrigin {
  kind: "mcp";
  server: string;
  uri: string;
  files: McpSkillFile[];
}

/** One file of an MCP-served skill as the server's manifest gave it. */
export interface McpSkillFile {
  uri: string;
  /** `sha256:` and 64 lowercase hex digits, of the file's bytes. */
  digest: string;
  size: number;
}

/** See {@link SkillEntry.about}. */
export interface SkillAbout {
  compatibility?: string;
  mcp?: { server: string; uri: string };
}

/** {@link SkillAbout} of a version, from its manifest and origin (nothing for no version). */
export function aboutOf(version?: Pick<SkillVersion, "manifest" | "origin">): SkillAbout {
  const compatibility = version?.manifest.compatibility;
  const origin = version?.origin;
  return {
    ...(compatibility ? { compatibility } : {}),
    ...(origin?.kind === "mcp" ? { mcp: { server: origin.server, uri: origin.uri } } : {}),
  };
}

/** What is known about a skill without loading any version's files. */
export interface SkillEntry {
  name: string;
  /** Description of the default version. */
  description: string;
  /** Warnings of the default version's install check. */
  warnings: BundleProblem[];
  /**
   * What the default version says of itself that an agent's prompt shows: its stated
   * compatibility, and the MCP server it came from. Absent on entries stored before it was kept.
   */
  about?: SkillAbout;
  versions: number[];
  latestVersion: number;
  defaultVersion: number;
  /** Highest number ever given, so a deleted version's number is never reused. */
  lastAssigned: number;
}

/** What one atomic step does to a skill: its new entry (null: the skill is gone) and versions. */
export interface SkillChange {
  entry: SkillEntry | null;
  putVersion?: SkillVersion;
  deleteVersions: number[];
}

/**
 * Where skills live. `transact` runs `plan` on the current entry and applies the change it
 * returns as one atomic step: a plan that throws changes nothing.
 */
export interface SkillStorage {
  list(): Promise<SkillEntry[]>;
  get(name: string): Promise<SkillEntry | undefined>;
  getVersion(name: string, version: number): Promise<SkillVersion | undefined>;
  transact(
    name: string,
    plan: (entry: SkillEntry | undefined) => SkillChange,
  ): Promise<SkillChange>;
}

/** Skills in memory: for tests and for embedders that opt out of persistence. */
export class MemorySkillStorage implements SkillStorage {
  private readonly entries = new Map<string, SkillEntry>();
  private readonly versions = new Map<string, SkillVersion>();

  async list(): Promise<SkillEntry[]> {
    return [...this.entries.values()];
  }

  async get(name: string): Promise<SkillEntry | undefined> {
    return this.entries.get(name);
  }

  async getVersion(name: string, version: number): Promise<SkillVersion | undefined> {
    return this.versions.get(`${name}@${version}`);
  }

  async transact(
    name: string,
    plan: (entry: SkillEntry | undefined) => SkillChange,
  ): Promise<SkillChange> {
    const change = plan(this.entries.get(name));
    if (change.entry) this.entries.set(name, change.entry);
    else this.entries.delete(name);
    if (change.putVersion)
      this.versions.set(`${name}@${change.putVersion.version}`, change.putVersion);
    for (const version of change.deleteVersions) this.versions.delete(`${name}@${version}`);
    return change;
  }
}
