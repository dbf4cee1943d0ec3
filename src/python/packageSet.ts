import {
  type LockPackage,
  PACKAGE_LOCK_FILE,
  type PackageLock,
  parsePackageLock,
} from "./packageLock";
import { preloadPlan } from "./packagePlan";
import { encodePreload } from "./preloadBundle";
import { type MarkerEnvironment, pyodideMarkerEnvironment } from "./requirements";
import { type WheelContents, wheelContents } from "./wheelContents";

/** The Python Pyodide's pinned release runs, for markers when a lock file does not say. */
const DEFAULT_PYTHON_VERSION = "3.14.2";

const EMPTY_LOCK: PackageLock = { info: {}, packages: {} };

/**
 * A deployment's Python package index on its own origin: the lock file and the wheels beside it,
 * fetched by the page (the sandbox has no network) and kept in memory once fetched. A folder
 * without a lock file is an empty set; one whose lock file cannot be read is an empty set that
 * says why, so Python runs without packages and the other runtimes never notice.
 */
export class PythonPackageSet {
  private readonly wheels = new Map<string, Promise<Uint8Array>>();
  private readonly opened = new Map<string, Promise<WheelContents>>();
  readonly environment: MarkerEnvironment;

  private constructor(
    /** The folder's URL, ending with `/`; undefined for a deployment without one. */
    readonly folderUrl: string | undefined,
    readonly lock: PackageLock,
    /** Why the lock file could not be used. */
    readonly problem?: string,
  ) {
    const python = lock.info.python;
    this.environment = pyodideMarkerEnvironment(
      typeof python === "string" ? python : DEFAULT_PYTHON_VERSION,
    );
  }

  static empty(): PythonPackageSet {
    return new PythonPackageSet(undefined, EMPTY_LOCK);
  }

  /** The set in the folder at `url` (absolute, or relative to the page). Never throws. */
  static async load(url: string): Promise<PythonPackageSet> {
    const folderUrl = new URL(url.endsWith("/") ? url : `${url}/`, globalThis.location?.href).href;
    const lockUrl = new URL(PACKAGE_LOCK_FILE, folderUrl).href;
    try {
      const response = await fetch(lockUrl, { cache: "no-cache" });
      if (response.status === 404) return new PythonPackageSet(folderUrl, EMPTY_LOCK);
      if (!response.ok) throw new Error(`${lockUrl}: HTTP ${response.status}`);
      return new PythonPackageSet(folderUrl, parsePackageLock(await response.text(), lockUrl));
    } catch (error) {
      return new PythonPackageSet(folderUrl, EMPTY_LOCK, (error as Error).message);
    }
  }

  /** The set's packages as `name version`, sorted. */
  packageNames(): string[] {
    return Object.values(this.lock.packages)
      .map((entry) => `${entry.name} ${entry.version}`)
      .sort((a, b) => a.localeCompare(b));
  }

  /** One sentence naming the set, for messages about a package that is not in it. */
  description(): string {
    const names = this.packageNames();
    const unreadable = this.problem ? ` (its package set could not be read: ${this.problem})` : "";
    return names.length === 0
      ? `This deployment has no Python packages beyond the standard library${unreadable}.`
      : `This deployment's Python package set has: ${names.join(", ")}.`;
  }

  /** Every top-level module the set provides, with the package that provides it. */
  modules(): Record<string, string> {
    const modules: Record<string, string> = {};
    for (const entry of Object.values(this.lock.packages)) {
      for (const name of entry.imports)
        modules[name.split(".")[0]!] = `${entry.name} ${entry.version}`;
    }
    return modules;
  }

  /**
   * A wheel checked against the lock and opened, once per visit (as runs install it); the error
   * names the file and, for bytes that are not the lock's, both hashes.
   */
  contents(entry: LockPackage): Promise<WheelContents> {
    let opened = this.opened.get(entry.file_name);
    if (!opened) {
      opened = this.wheel(entry).then((data) => wheelContents(entry.file_name, data, entry.sha256));
      opened.catch(() => this.opened.delete(entry.file_name));
      this.opened.set(entry.file_name, opened);
    }
    return opened;
  }

  /** A wheel's bytes, fetched once; the error names the file. */
  wheel(entry: LockPackage): Promise<Uint8Array> {
    let loaded = this.wheels.get(entry.file_name);
    if (!loaded) {
      loaded = this.fetchWheel(entry.file_name);
      loaded.catch(() => this.wheels.delete(entry.file_name));
      this.wheels.set(entry.file_name, loaded);
    }
    return loaded;
  }

  /**
   * The wheels to preload into the memory snapshot, with their dependencies, as one asset.
   * Names the set does not have, and wheels that cannot be fetched, are left out: a run that
   * needs them loads them itself, and says so if it cannot.
   */
  async preloadAsset(names: readonly string[]): Promise<ArrayBuffer> {
    const loaded = await Promise.all(
      preloadPlan(this.lock, names).packages.map(async ({ entry }) => {
        const data = await this.wheel(entry).catch(() => undefined);
        const info = {
          name: entry.name,
          fileName: entry.file_name,
          sha256: entry.sha256,
          imports: entry.imports,
        };
        return data ? [{ info, data }] : [];
      }),
    );
    return encodePreload(loaded.flat());
  }

  private async fetchWheel(fileName: string): Promise<Uint8Array> {
    if (!this.folderUrl) throw new Error(`${fileName}: this deployment has no package folder`);
    const url = new URL(encodeURIComponent(fileName), this.folderUrl).href;
    const response = await fetch(url).catch((error: Error) => {
      throw new Error(`${fileName} could not be fetched: ${error.message}`);
    });
    if (!response.ok) throw new Error(`${fileName} could not be fetched: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
