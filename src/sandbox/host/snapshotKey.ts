import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { type ModuleCode, WORKER_MODULE } from "../frame/frameApi";

/**
 * What a Python memory snapshot depends on: the worker module (which carries the runner and the
 * warm imports) and Pyodide's loader, which carries Pyodide's version (its WebAssembly, standard
 * library and lock file ship with it), and the packages imported into it (`inputs`). Undefined
 * without the modules.
 */
const INPUTS = [WORKER_MODULE, "pyodide.mjs"] as const;

export function snapshotKey(
  modules: Record<string, ModuleCode>,
  inputs: readonly ArrayBuffer[] = [],
): string | undefined {
  const hash = sha256.create();
  for (const name of INPUTS) {
    const code = modules[name];
    if (code === undefined) return undefined;
    hash.update(new Uint8Array(code));
  }
  for (const input of inputs) hash.update(new Uint8Array(input));
  return bytesToHex(hash.digest());
}
