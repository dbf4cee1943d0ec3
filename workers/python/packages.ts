import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { PyodideAPI } from "pyodide";
import { packagesNotLoadedMessage } from "../../src/python/messages";
import type { PreloadedPackage } from "../../src/python/preloadBundle";
import type { PythonPackageFile } from "../../src/sandbox/runtime";

/** Pyodide's own installer: unpacks a wheel and loads its shared libraries, as `loadPackage` does. */
interface PyodideInstaller {
  _api: {
    install(
      buffer: Uint8Array,
      fileName: string,
      installDir: string,
      metadata: Map<string, string>,
    ): Promise<void>;
  };
}

const hashMatches = (data: Uint8Array, expected: string) => bytesToHex(sha256(data)) === expected;

const sitePackagesOf = (pyodide: PyodideAPI) =>
  pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']") as string;

/**
 * At a full boot: installs the deployment's preloaded packages and imports their modules, so the
 * memory snapshot taken next holds them imported. Returns the hashes of those installed; one that
 * fails is left for runs to load (and report) themselves.
 */
export async function importPreloaded(
  pyodide: PyodideAPI,
  preload: readonly { info: PreloadedPackage; data: Uint8Array }[],
): Promise<Set<string>> {
  const installed = new Set<string>();
  for (const { info, data } of preload) {
    const refusal = await installPackages(
      pyodide,
      [{ ...info, version: "", data, required: true }],
      installed,
      () => {},
    );
    if (refusal) continue;
    installed.add(info.sha256);
    for (const module of info.imports) {
      try {
        pyodide.pyimport(module).destroy();
      } catch {
        // A module that needs something absent is imported, and fails, in the run that uses it.
      }
    }
  }
  return installed;
}

/**
 * After a restore: the snapshot holds the preloaded modules but not their files (the file system
 * is not in the snapshot), which submodules imported later and package data need.
 */
export function restorePreloadedFiles(
  pyodide: PyodideAPI,
  preload: readonly { info: PreloadedPackage; data: Uint8Array }[],
): Set<string> {
  const sitePackages = sitePackagesOf(pyodide);
  const restored = new Set<string>();
  // The full boot installed only wheels whose hash matched; the same check picks them out here.
  for (const { info, data } of preload) {
    if (!hashMatches(data, info.sha256)) continue;
    pyodide.unpackArchive(data, "wheel", { extractDir: sitePackages });
    restored.add(info.sha256);
  }
  return restored;
}

/** The exception line of a Python traceback (its last line), or the message of any other error. */
function exceptionLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.trim().split("\n");
  return lines[lines.length - 1] ?? text;
}

/**
 * Installs a run's packages into site-packages, each only if its bytes match the lock's sha256
 * (those the memory snapshot holds, by hash, are there already).
 * A package the run needs that cannot be installed ends the run before the script starts (the
 * returned text says why, naming the file); one it only may need becomes a note.
 */
export async function installPackages(
  pyodide: PyodideAPI,
  packages: readonly PythonPackageFile[],
  preloaded: ReadonlySet<string>,
  note: (text: string) => void,
): Promise<string | undefined> {
  if (packages.length === 0) return undefined;
  const sitePackages = sitePackagesOf(pyodide);
  const refusals: string[] = [];
  for (const item of packages) {
    if (preloaded.has(item.sha256)) continue;
    let problem: string | undefined;
    if (!hashMatches(item.data, item.sha256)) {
      problem = `refused ${item.fileName}: its sha256 is ${bytesToHex(sha256(item.data))}, but the package set's lock says ${item.sha256}`;
    } else {
      try {
        await (pyodide as unknown as PyodideInstaller)._api.install(
          item.data,
          item.fileName,
          sitePackages,
          new Map([["INSTALLER", "skillbox"]]),
        );
        pyodide.runPython("import importlib; importlib.invalidate_caches()");
      } catch (error) {
        problem = `could not install ${item.fileName}: ${exceptionLine(error)}`;
      }
    }
    if (!problem) continue;
    if (item.required) refusals.push(problem);
    else note(`Python package ${problem}`);
  }
  return refusals.length > 0 ? packagesNotLoadedMessage(refusals) : undefined;
}
