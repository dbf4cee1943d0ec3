import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { ModuleCode } from "../frame/frameApi";

/**
 * What a Python memory snapshot depends on: the worker module (which carries the runner and the
 * warm imports), Pyodide's loader (which carries its version; its other files are tied to it)
 * and the lock file. Undefined where the modules are URLs (development): there is nothing to hash.
 */
const INPUTS = ["worker", "pyodide.mjs"] as const;
const ASSET_INPUTS = ["pyodide-lock.json"] as const;

export function snapshotKey(
  modules: Record<string, ModuleCode>,
  assets: Record<string, ArrayBuffer>,
): string | undefined {
  const hash = sha256.create();
  for (const name of INPUTS) {
    const code = modules[name];
    if (code === undefined || typeof code === "string") return undefined;
    hash.update(new Uint8Array(code));
  }
  for (const name of ASSET_INPUTS) {
    const bytes = assets[name];
    if (!bytes) return undefined;
    hash.update(new Uint8Array(bytes));
  }
  return bytesToHex(hash.digest());
}
