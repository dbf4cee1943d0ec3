import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { addPackages } from "../../scripts/python/addPackages";
import { type PackageLock, parsePackageLock } from "../../src/python/packageLock";
import { debianWheels } from "./debianWheels";
import { startWheelIndex } from "./wheelIndex";

const ROOT = join(import.meta.dirname, "../..");

/** Pyodide's lock file with no packages: resolution then goes to the stand-in index alone. */
export function pyodideInfoOnly(): PackageLock {
  const lock = parsePackageLock(
    readFileSync(join(ROOT, "node_modules/pyodide/pyodide-lock.json"), "utf8"),
    "pyodide-lock.json",
  );
  return { info: lock.info, packages: {} };
}

/** Where the browser tests' build takes its package set from (vite.config.ts, test hooks). */
export const TEST_PACKAGE_SET = join(ROOT, ".tmp/python-packages");

/**
 * The package set the browser tests deploy: Debian's PyYAML, openpyxl (with et_xmlfile), pypdf
 * and defusedxml as wheels, added by `python:add`'s code from a stand-in index on 127.0.0.1.
 */
export async function buildTestPackageSet(out = TEST_PACKAGE_SET): Promise<PackageLock> {
  rmSync(out, { recursive: true, force: true });
  const index = await startWheelIndex(debianWheels());
  try {
    return await addPackages({
      specs: ["pyyaml", "openpyxl", "pypdf", "defusedxml"],
      out,
      pypiUrl: index.url,
      pyodideUrl: index.url,
      pyodideLock: pyodideInfoOnly(),
    });
  } finally {
    await index.close();
  }
}
