import { sha256 } from "@noble/hashes/sha2.js";
import { type Unzipped, unzipSync, zipSync } from "fflate";
import { compileModules } from "./bytecode.ts";

/** What `precompileWheel` did to one wheel. */
export interface PrecompiledWheel {
  data: Uint8Array;
  /** Modules compiled now (0: the wheel is returned as it was). */
  compiled: number;
}

const recordHash = (data: Uint8Array) =>
  `sha256=${Buffer.from(sha256(data)).toString("base64url")}`;

/** Importable source: not metadata, not a `.data` folder (scripts, headers) installed elsewhere. */
const isModule = (path: string) => !/^[^/]+\.(dist-info|data)\//.test(path);

/**
 * Adds CPython bytecode beside each module of a wheel (`__pycache__/NAME.cpython-XY.pyc`, PEP
 * 3147), compiled by the Pyodide this deployment runs. Without it every run that imports a
 * package compiles its sources again: openpyxl's import took 727 ms from source and 405 ms from
 * bytecode in Pyodide under Node. The files are unchecked-hash pycs (PEP 552): the import system
 * reads them without stat-ing or hashing the source, which is safe because the wheel's own sha256
 * in the lock covers them, and the sources stay for tracebacks. A module that does not compile
 * (a Python 2 leftover) is left to its source, as pip's compileall leaves it; a module that
 * already has bytecode for this Python keeps it, so adding a wheel twice changes nothing.
 */
export async function precompileWheel(
  fileName: string,
  data: Uint8Array,
): Promise<PrecompiledWheel> {
  let entries: Unzipped;
  try {
    entries = unzipSync(data);
  } catch (error) {
    throw new Error(`${fileName}: not a readable zip archive (${(error as Error).message})`);
  }
  const bytecode = await compileModules(entries, { layout: "pycache", isModule });
  const compiled = Object.keys(bytecode);
  Object.assign(entries, bytecode);
  const recordLines = compiled.map(
    (path) => `${path},${recordHash(bytecode[path]!)},${bytecode[path]!.length}`,
  );
  if (compiled.length === 0) return { data, compiled: 0 };
  const record = Object.keys(entries).find((path) => /^[^/]+\.dist-info\/RECORD$/.test(path));
  if (record) {
    const text = new TextDecoder().decode(entries[record]);
    const separator = text === "" || text.endsWith("\n") ? "" : "\n";
    entries[record] = new TextEncoder().encode(`${text}${separator}${recordLines.join("\n")}\n`);
  }
  return { data: zipSync(entries), compiled: compiled.length };
}
