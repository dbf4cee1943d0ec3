import type { PyodideAPI } from "pyodide";
import { packagesNotLoadedMessage } from "../../src/python/messages";
import type { PreloadedPackage } from "../../src/python/preloadBundle";
import { type WheelContents, wheelContents } from "../../src/python/wheelContents";
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

/** Writes a pure-Python wheel's files into site-packages, with the installer's mark pip leaves. */
function writeWheelFiles(
  pyodide: PyodideAPI,
  files: Record<string, Uint8Array>,
  sitePackages: string,
): void {
  const made = new Set<string>();
  for (const [path, data] of Object.entries(files)) {
    const full = `${sitePackages}/${path}`;
    const folder = full.slice(0, full.lastIndexOf("/"));
    if (!made.has(folder)) {
      pyodide.FS.mkdirTree(folder);
      made.add(folder);
    }
    pyodide.FS.writeFile(full, data);
  }
  const metadata = Object.keys(files).find((path) => /^[^/]+\.dist-info\/METADATA$/.test(path));
  if (metadata) {
    pyodide.FS.writeFile(
      `${sitePackages}/${metadata.replace(/METADATA$/, "INSTALLER")}`,
      "skillbox\n",
    );
  }
}

/** Installs a checked wheel: its files written as they are, or the wheel by Pyodide's installer. */
async function installContents(
  pyodide: PyodideAPI,
  contents: WheelContents,
  fileName: string,
  sitePackages: string,
): Promise<void> {
  if (contents.kind === "files") {
    writeWheelFiles(pyodide, contents.files, sitePackages);
    return;
  }
  await (pyodide as unknown as PyodideInstaller)._api.install(
    contents.data,
    fileName,
    sitePackages,
    new Map([["INSTALLER", "skillbox"]]),
  );
}

/** A preloaded wheel checked and opened, or undefined (the run that needs it reports why). */
function openPreloaded(info: PreloadedPackage, data: Uint8Array): WheelContents | undefined {
  try {
    return wheelContents(info.fileName, data, info.sha256);
  } catch {
    return undefined;
  }
}

/**
 * Makes the import system see the files just written: the path finders under site-packages
 * forget their cached listings (and namespace packages their computed paths). Not
 * `importlib.invalidate_caches()`, whose first call in a run imports `importlib.metadata` and
 * its dependencies (43-74 ms in Chromium) to reset a cache no run has filled.
 */
function forgetSitePackagesListing(pyodide: PyodideAPI, sitePackages: string): void {
  pyodide.globals.get("skillbox_forget_listings")(sitePackages);
}

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
    const contents = openPreloaded(info, data);
    if (!contents) continue;
    const refusal = await installPackages(
      pyodide,
      [{ ...info, version: "", contents, required: true }],
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
    const contents = openPreloaded(info, data);
    if (!contents) continue;
    if (contents.kind === "files") writeWheelFiles(pyodide, contents.files, sitePackages);
    else pyodide.unpackArchive(data, "wheel", { extractDir: sitePackages });
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
 * Installs a run's packages, checked and opened by the page, into site-packages (those the
 * memory snapshot holds, by hash, are there already).
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
  let installed = false;
  for (const item of packages) {
    if (preloaded.has(item.sha256)) continue;
    try {
      await installContents(pyodide, item.contents, item.fileName, sitePackages);
      installed = true;
    } catch (error) {
      const problem = `could not install ${item.fileName}: ${exceptionLine(error)}`;
      if (item.required) refusals.push(problem);
      else note(`Python package ${problem}`);
    }
  }
  if (installed) forgetSitePackagesListing(pyodide, sitePackages);
  return refusals.length > 0 ? packagesNotLoadedMessage(refusals) : undefined;
}
