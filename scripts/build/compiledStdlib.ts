import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { unzipSync, zipSync } from "fflate";
import { compileModules, standardLibraryZipPath } from "../python/bytecode.ts";

const root = join(import.meta.dirname, "../..");
const CACHE_DIR = join(root, "node_modules/.cache/skillbox");

/**
 * Writes Pyodide's standard library zip with an unchecked-hash pyc beside every module. The zip
 * Pyodide publishes on npm holds sources only, so every module a worker imports was compiled at
 * import time, in every worker: under Node, Pyodide's start took 3.8 s with it and 1.1 s with
 * this one, its imports at boot 241 ms and 19 ms, `import urllib.parse` 116 ms and 13 ms. The
 * sources stay, for tracebacks (2.5 MB becomes 7.2 MB). Compiling takes seconds, so the result
 * is kept under node_modules/.cache, keyed by the source zip and the compiling code.
 */
export async function writeCompiledStandardLibrary(source: string, target: string): Promise<void> {
  const zip = new Uint8Array(readFileSync(source));
  const recipe = readFileSync(join(root, "scripts/python/bytecode.ts"));
  const key = bytesToHex(sha256(new Uint8Array([...sha256(zip), ...sha256(recipe)]))).slice(0, 16);
  const cached = join(CACHE_DIR, `python_stdlib-${key}.zip`);
  if (!existsSync(cached)) {
    const entries = unzipSync(zip);
    const bytecode = await compileModules(entries, {
      layout: "beside",
      shownPrefix: `${await standardLibraryZipPath()}/`,
    });
    mkdirSync(CACHE_DIR, { recursive: true });
    writeFileSync(`${cached}.tmp`, zipSync({ ...entries, ...bytecode }, { level: 9 }));
    renameSync(`${cached}.tmp`, cached);
  }
  writeFileSync(target, readFileSync(cached));
}
