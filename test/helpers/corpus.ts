import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, relative } from "node:path";
import { zipSync } from "fflate";

/** One differential case: a script of a corpus skill run with literal args. */
export interface CorpusCase {
  script: string;
  args: string[];
  shell?: "sh" | "bash";
  compareStderr?: boolean;
  crossRuntime?: boolean;
}

export interface NativeResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** A skill folder as the zip a user would make of it: every file under `FOLDER/`. */
export function zipFolder(dir: string): Uint8Array {
  const folder = basename(dir);
  return zipSync(
    Object.fromEntries([...filesUnder(dir)].map(([path, bytes]) => [`${folder}/${path}`, bytes])),
  );
}

export function corpusDir(name: string): string {
  return join(import.meta.dirname, "..", "corpus", name);
}

export function readCases(name: string): CorpusCase[] {
  return JSON.parse(readFileSync(join(corpusDir(name), "cases.json"), "utf8")) as CorpusCase[];
}

/** Every file under `dir`, keyed by its path relative to `dir`. */
export function filesUnder(dir: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at)) {
      const full = join(at, entry);
      if (statSync(full).isDirectory()) walk(full);
      else found.set(relative(dir, full), readFileSync(full));
    }
  };
  walk(dir);
  return found;
}

/**
 * Every file of a corpus skill as an install map (`FOLDER/path` → text); `folder` is the skill's
 * folder name when the corpus path is deeper (`real-skills/csv-report`).
 */
export function corpusFiles(name: string, folder = name): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, data] of filesUnder(corpusDir(name))) {
    files[`${folder}/${path}`] = data.toString("utf8");
  }
  return files;
}

/** Runs a case with the real program on this machine, in a fresh copy of the corpus folder. */
export function runNative(name: string, program: string, testCase: CorpusCase): NativeResult {
  // The copy keeps the corpus folder's name: scripts may print their working directory's name.
  const copy = join(mkdtempSync(join(tmpdir(), "corpus-")), name);
  cpSync(corpusDir(name), copy, { recursive: true });
  const result = spawnSync(program, [testCase.script, ...testCase.args], {
    cwd: copy,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", HOME: copy },
    input: "",
    timeout: 30_000,
  });
  return { stdout: result.stdout, stderr: result.stderr, exitCode: result.status ?? -1 };
}
