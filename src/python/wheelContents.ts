import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { unzipSync } from "fflate";

/**
 * A checked wheel as a run installs it: a pure-Python wheel as the files it puts in site-packages
 * (written as they are), any other (shared libraries to load, a `.data` folder to spread) as the
 * wheel itself, for Pyodide's installer.
 */
export type WheelContents =
  | { kind: "files"; files: Record<string, Uint8Array> }
  | { kind: "wheel"; data: Uint8Array };

/** Why a wheel is not installed: its bytes are not those the lock names. */
function hashProblem(fileName: string, data: Uint8Array, expected: string) {
  const actual = bytesToHex(sha256(data));
  return actual === expected
    ? undefined
    : `refused ${fileName}: its sha256 is ${actual}, but the package set's lock says ${expected}`;
}

/**
 * Checks a wheel against the lock's sha256 and opens it. Unzipping here, once per visit, keeps
 * it off every run: in a fresh Python worker, Pyodide's installer (Python's zipfile and shutil,
 * imported cold) took 160-320 ms per wheel, and even a JavaScript unzip there runs cold, 14-82 ms
 * for these wheels (Chromium). Throws, naming the file, for a hash mismatch, a file that is not a
 * zip, or an entry that would land outside site-packages.
 */
export function wheelContents(fileName: string, data: Uint8Array, expected: string): WheelContents {
  const problem = hashProblem(fileName, data, expected);
  if (problem) throw new Error(problem);
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(data);
  } catch (error) {
    throw new Error(
      `could not install ${fileName}: not a readable zip archive (${(error as Error).message})`,
    );
  }
  const files: Record<string, Uint8Array> = {};
  for (const [path, bytes] of Object.entries(entries)) {
    if (path.endsWith("/")) continue;
    if (path.endsWith(".so") || /^[^/]+\.data\//.test(path)) return { kind: "wheel", data };
    if (path.startsWith("/") || path.split("/").includes("..")) {
      throw new Error(
        `could not install ${fileName}: its entry ${JSON.stringify(path)} is outside site-packages`,
      );
    }
    files[path] = bytes;
  }
  return { kind: "files", files };
}
