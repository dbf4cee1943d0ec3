import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { maxSatisfying } from "@renovatebot/pep440";
import {
  type LockPackage,
  normalizePackageName,
  PACKAGE_LOCK_FILE,
  type PackageLock,
  packagesByName,
  parsePackageLock,
} from "../../src/python/packageLock.ts";
import {
  markerHolds,
  parseRequirement,
  pyodideMarkerEnvironment,
  type Requirement,
  versionSatisfies,
} from "../../src/python/requirements.ts";
import { precompileWheel } from "./precompileWheel.ts";
import { readWheel, runsOnPyodide, type WheelInfo } from "./wheelFile.ts";

export interface AddPackagesOptions {
  /** `NAME[==VERSION]` requirements, wheel files and folders of wheels. */
  specs: string[];
  /** The package folder: wheels and `pyodide-lock.json`. */
  out: string;
  /** A PyPI-compatible index with the JSON API (`/pypi/NAME/json`). */
  pypiUrl: string;
  /** The Pyodide release's folder of wheels, matching the pinned `pyodide`. */
  pyodideUrl: string;
  /** That release's lock file. */
  pyodideLock: PackageLock;
  log?: (line: string) => void;
}

/** One resolved package: its lock entry and where its bytes come from. */
interface Resolved {
  entry: LockPackage;
  data: Uint8Array;
  source: string;
}

interface PypiFile {
  filename: string;
  url: string;
  digests: { sha256: string };
  yanked?: boolean;
}

const hashOf = (data: Uint8Array) => bytesToHex(sha256(data));

function lockEntry(wheel: WheelInfo, digest: string, depends: string[]): LockPackage {
  return {
    name: normalizePackageName(wheel.name),
    version: wheel.version,
    file_name: wheel.fileName,
    sha256: digest,
    imports: wheel.imports,
    depends,
    install_dir: "site",
    package_type: "package",
    unvendored_tests: false,
    shared_library: false,
  };
}

async function download(url: string, what: string): Promise<Uint8Array> {
  const response = await fetch(url).catch((error: Error) => {
    throw new Error(`${what}: ${url} could not be fetched (${error.message})`);
  });
  if (!response.ok) throw new Error(`${what}: ${url} answered HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

function wheelsIn(path: string): string[] {
  if (statSync(path).isDirectory()) {
    return readdirSync(path)
      .filter((name) => name.endsWith(".whl"))
      .sort()
      .map((name) => join(path, name));
  }
  return [path];
}

/**
 * `npm run python:add`: resolves requirements and local wheels, with their dependencies, into a
 * deployment's package folder. Requirements come from local wheels first, then Pyodide's release
 * (compiled packages), then PyPI (pure-Python wheels only); every download is checked against the
 * hash its index publishes. Each wheel is stored with its modules compiled to bytecode, and the
 * lock holds the hash of what is stored. Nothing is written unless everything resolves.
 */
export async function addPackages(options: AddPackagesOptions): Promise<PackageLock> {
  const log = options.log ?? (() => {});
  const lockPath = join(options.out, PACKAGE_LOCK_FILE);
  const lock: PackageLock = existsSync(lockPath)
    ? parsePackageLock(readFileSync(lockPath, "utf8"), lockPath)
    : { info: { ...options.pyodideLock.info }, packages: {} };
  const environment = pyodideMarkerEnvironment(String(options.pyodideLock.info.python ?? "3.14.2"));
  const pyodidePackages = packagesByName(options.pyodideLock);
  const existing = packagesByName(lock);

  const local = new Map<string, { wheel: WheelInfo; data: Uint8Array }[]>();
  const wanted: Requirement[] = [];
  for (const spec of options.specs) {
    if (existsSync(spec)) {
      for (const path of wheelsIn(spec)) {
        const fileName = path.split("/").pop()!;
        if (!runsOnPyodide(fileName))
          throw new Error(`${fileName}: neither pure Python 3 nor built for Pyodide`);
        const data = new Uint8Array(readFileSync(path));
        const wheel = readWheel(fileName, data);
        const key = normalizePackageName(wheel.name);
        local.set(key, [...(local.get(key) ?? []), { wheel, data }]);
        wanted.push({
          text: `${wheel.name}==${wheel.version}`,
          name: key,
          specifier: `==${wheel.version}`,
          marker: "",
        });
      }
      continue;
    }
    const requirement = parseRequirement(spec);
    if (!requirement)
      throw new Error(
        `"${spec}" is neither a requirement (NAME[==VERSION]) nor a wheel file or folder`,
      );
    wanted.push(requirement);
  }

  const resolved = new Map<string, Resolved>();
  const dependenciesOf = (requires: Requirement[]) =>
    requires.filter((requirement) => markerHolds(requirement.marker, environment));

  const fromPyodide = async (
    requirement: Requirement,
  ): Promise<{ resolved: Resolved; next: Requirement[] } | undefined> => {
    const entry = pyodidePackages.get(requirement.name);
    if (!entry || !versionSatisfies(entry.version, requirement.specifier)) return undefined;
    const data = await download(
      new URL(entry.file_name, options.pyodideUrl).href,
      requirement.text,
    );
    if (hashOf(data) !== entry.sha256) {
      throw new Error(`${entry.file_name}: its sha256 does not match Pyodide's lock file`);
    }
    const next = entry.depends.map((name) => ({
      text: name,
      name: normalizePackageName(name),
      specifier: "",
      marker: "",
    }));
    return { resolved: { entry: { ...entry }, data, source: "Pyodide" }, next };
  };

  const fromPypi = async (
    requirement: Requirement,
  ): Promise<{ resolved: Resolved; next: Requirement[] }> => {
    const url = new URL(
      `pypi/${encodeURIComponent(requirement.name)}/json`,
      options.pypiUrl.endsWith("/") ? options.pypiUrl : `${options.pypiUrl}/`,
    ).href;
    const response = await fetch(url).catch((error: Error) => {
      throw new Error(`${requirement.text}: ${url} could not be fetched (${error.message})`);
    });
    if (response.status === 404) {
      throw new Error(
        `${requirement.text}: not on the index at ${options.pypiUrl}, and not among Pyodide's packages`,
      );
    }
    if (!response.ok)
      throw new Error(`${requirement.text}: ${url} answered HTTP ${response.status}`);
    const project = (await response.json()) as { releases: Record<string, PypiFile[]> };
    const usable = Object.entries(project.releases).filter(([, files]) =>
      files.some((file) => !file.yanked && runsOnPyodide(file.filename)),
    );
    const version = maxSatisfying(
      usable.map(([v]) => v),
      requirement.specifier || ">=0",
    );
    if (!version) {
      throw new Error(
        `${requirement.text}: the index has no pure-Python wheel of a matching version (compiled packages come from Pyodide's release)`,
      );
    }
    const file = project.releases[version]!.find(
      (candidate) => !candidate.yanked && runsOnPyodide(candidate.filename),
    )!;
    const data = await download(new URL(file.url, url).href, requirement.text);
    if (hashOf(data) !== file.digests.sha256) {
      throw new Error(
        `${file.filename}: its sha256 does not match the index's (${file.digests.sha256})`,
      );
    }
    const wheel = readWheel(file.filename, data);
    const next = dependenciesOf(wheel.requires);
    return {
      resolved: {
        entry: lockEntry(
          wheel,
          file.digests.sha256,
          next.map((r) => r.name),
        ),
        data,
        source: "PyPI",
      },
      next,
    };
  };

  const queue = [...wanted];
  while (queue.length > 0) {
    const requirement = queue.shift()!;
    const known = resolved.get(requirement.name)?.entry ?? existing.get(requirement.name);
    if (known && versionSatisfies(known.version, requirement.specifier)) continue;
    if (known && resolved.has(requirement.name)) {
      throw new Error(
        `${requirement.text} conflicts with ${known.name} ${known.version}, also required`,
      );
    }
    const candidates = (local.get(requirement.name) ?? []).filter(({ wheel }) =>
      versionSatisfies(wheel.version, requirement.specifier),
    );
    let found: { resolved: Resolved; next: Requirement[] } | undefined;
    if (candidates.length > 0) {
      const { wheel, data } = candidates[candidates.length - 1]!;
      const next = dependenciesOf(wheel.requires);
      found = {
        resolved: {
          entry: lockEntry(
            wheel,
            hashOf(data),
            next.map((r) => r.name),
          ),
          data,
          source: "local file",
        },
        next,
      };
    } else {
      found = (await fromPyodide(requirement)) ?? (await fromPypi(requirement));
    }
    resolved.set(requirement.name, found.resolved);
    log(
      `${found.resolved.entry.name} ${found.resolved.entry.version} (${found.resolved.source}: ${found.resolved.entry.file_name})`,
    );
    queue.push(...found.next);
  }

  for (const item of resolved.values()) {
    const { data, compiled } = await precompileWheel(item.entry.file_name, item.data);
    if (compiled === 0) continue;
    item.data = data;
    item.entry.sha256 = hashOf(data);
    log(`${item.entry.name}: ${compiled} modules compiled to bytecode`);
  }

  mkdirSync(options.out, { recursive: true });
  for (const { entry, data } of resolved.values()) {
    for (const [key, previous] of Object.entries(lock.packages)) {
      if (normalizePackageName(previous.name) !== normalizePackageName(entry.name)) continue;
      // Another version of it: its entry and wheel give way to the new one.
      delete lock.packages[key];
      if (previous.file_name !== entry.file_name)
        rmSync(join(options.out, previous.file_name), { force: true });
    }
    writeFileSync(join(options.out, entry.file_name), data);
    lock.packages[normalizePackageName(entry.name)] = entry;
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b)),
  );
  // The lock is replaced in one step, so a reader never sees half of it.
  writeFileSync(`${lockPath}.tmp`, `${JSON.stringify(lock, null, 2)}\n`);
  renameSync(`${lockPath}.tmp`, lockPath);
  return lock;
}
