import type { PyodideAPI } from "pyodide";
import { decodePreload, PRELOAD_ASSET } from "../src/python/preloadBundle";
import { hasJspi } from "../src/sandbox/features";
import { SNAPSHOT_ASSET, type WorkerInit } from "../src/sandbox/protocol";
import type { OutputFile, RunRequest } from "../src/sandbox/runtime";
import { skillDirectory } from "../src/tools/environment";
import { DEFAULT_TOOL_LIMITS, runRequestLimits } from "../src/tools/limits";
import { PythonMemoryBudget } from "./python/memoryBudget";
import offlineNetworkSource from "./python/offlineNetwork.py?raw";
import offlinePackagesSource from "./python/offlinePackages.py?raw";
import { importPreloaded, installPackages, restorePreloadedFiles } from "./python/packages";
import runnerSource from "./python/runner.py?raw";
import { changedFiles } from "./shared/fileChanges";
import { OutputStream } from "./shared/outputStream";
import {
  type PostToFrame,
  type RunIo,
  type ScriptEngine,
  startSandboxWorker,
} from "./shared/sandboxWorker";

type LoadPyodide = typeof import("pyodide").loadPyodide;

/** Modules imported at boot so that warm runs do not pay for them. */
const WARM_IMPORTS =
  "import argparse, csv, datetime, decimal, json, pathlib, re, shutil, sysconfig, traceback, types, zipfile";

/**
 * What Python's `js` module sees: timers for asyncio and nothing else, so `import js` reaches
 * no web API even before the lockdown applies.
 */
function pythonJsGlobals(): object {
  const globals = Object.create(null) as Record<string, unknown>;
  globals.setTimeout = (handler: unknown, delay?: number) => {
    if (typeof handler !== "function") throw new TypeError("setTimeout needs a function");
    return setTimeout(handler as () => void, delay);
  };
  globals.clearTimeout = (id: number) => clearTimeout(id);
  return globals;
}

async function bootPython(init: WorkerInit, post: PostToFrame): Promise<ScriptEngine> {
  const pyodideModule = init.moduleUrls["pyodide.mjs"];
  const asmModule = init.moduleUrls["pyodide.asm.mjs"];
  if (!pyodideModule || !asmModule) throw new Error("Pyodide's modules were not handed in");
  const { loadPyodide } = (await import(/* @vite-ignore */ pyodideModule)) as {
    loadPyodide: LoadPyodide;
  };
  const createPyodideModule = ((await import(/* @vite-ignore */ asmModule)) as { default: unknown })
    .default;
  const options = {
    indexURL: init.assetBaseUrl,
    createPyodideModule,
    lockFileContents: new TextDecoder().decode(init.assets["pyodide-lock.json"]),
    jsglobals: init.relaxedLayers.includes("js-globals") ? globalThis : pythonJsGlobals(),
    env: { HOME: "/home/user" },
  } as Parameters<LoadPyodide>[0];
  // Layer tests relax the `js` module; they boot in full so `js` is exactly what they asked for.
  const snapshot = init.relaxedLayers.length === 0 ? init.assets[SNAPSHOT_ASSET] : undefined;
  const preload = init.assets[PRELOAD_ASSET] ? decodePreload(init.assets[PRELOAD_ASSET]) : [];
  if (snapshot) {
    try {
      const restored = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      const engine = pythonEngine(restored, restorePreloadedFiles(restored, preload));
      await warmUp(restored, engine);
      return engine;
    } catch (error) {
      // A snapshot is private to one Pyodide build and can be damaged in storage: boot in full.
      post({ type: "snapshot-rejected", reason: String(error) });
    }
  }
  const makeSnapshot = init.makeSnapshot && init.relaxedLayers.length === 0;
  const pyodide = await loadPyodide({ ...options, _makeSnapshot: makeSnapshot });
  pyodide.runPython(WARM_IMPORTS);
  pyodide.runPython(offlineNetworkSource, { globals: pyodide.toPy({}) });
  pyodide.runPython(offlinePackagesSource, { globals: pyodide.toPy({}) });
  pyodide.runPython(runnerSource);
  pyodide.globals.get("skillbox_learn_distributions")(
    new TextDecoder().decode(init.assets["pyodide-lock.json"]),
  );
  const engine = pythonEngine(pyodide, await importPreloaded(pyodide, preload));
  if (makeSnapshot) {
    // Taken with the warm imports and the runner loaded, so restored workers skip both.
    try {
      const bytes = pyodide.makeMemorySnapshot();
      post({ type: "snapshot", bytes }, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      // Some compiled packages cannot be snapshotted; workers then boot in full, as this one did.
      post({ type: "snapshot-rejected", reason: String(error) });
    }
  }
  return engine;
}

const WARM_UP_OUTPUT = '{"warm": true}\n';

/**
 * A restored interpreter has not run anything yet, so WebAssembly code and memory pages are
 * cold; one throw-away run through the real path makes the first real run as fast as later ones,
 * and proves the snapshot restored a working interpreter (it must print exactly what it should).
 */
async function warmUp(pyodide: PyodideAPI, engine: ScriptEngine): Promise<void> {
  const script =
    "import json, os\nos.makedirs('out', exist_ok=True)\nopen('out/w.txt', 'w').write('w')\nprint(json.dumps({'warm': True}))\n";
  let printed = "";
  const request: RunRequest = {
    runId: "warm-up",
    language: "python",
    skillName: "warm-up",
    scriptPath: "scripts/warm.py",
    args: [],
    files: { "scripts/warm.py": new TextEncoder().encode(script) },
    env: {},
    timeLimitMs: 10_000,
    ...runRequestLimits(DEFAULT_TOOL_LIMITS),
    maxOutputChars: 0,
  };
  const io: RunIo = {
    stdout: new OutputStream(
      "stdout",
      (message) => {
        if (message.type === "output") printed += message.text;
      },
      1000,
    ),
    stderr: new OutputStream("stderr", () => {}, 0),
    note: () => {},
    subrun: async () => ({ exitCode: 127, stdout: "", stderr: "", files: [] }),
    subrunSync: null,
  };
  const { exitCode } = await engine.run(request, io, new Int32Array(1));
  io.stdout.end();
  if (exitCode !== 0 || printed !== WARM_UP_OUTPUT) {
    throw new Error(`the restored interpreter failed its check (exit ${exitCode})`);
  }
  pyodide.globals.get("skillbox_forget_warm_up")(skillDirectory("warm-up"));
}

function writeSkillFiles(pyodide: PyodideAPI, root: string, request: RunRequest) {
  for (const directory of request.directories ?? []) pyodide.FS.mkdirTree(`${root}/${directory}`);
  for (const [path, data] of Object.entries(request.files)) {
    const full = `${root}/${path}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, data);
  }
}

function readTree(pyodide: PyodideAPI, root: string, prefix = ""): OutputFile[] {
  const { FS } = pyodide;
  const files: OutputFile[] = [];
  for (const name of FS.readdir(`${root}/${prefix}`) as string[]) {
    if (name === "." || name === "..") continue;
    const path = prefix ? `${prefix}/${name}` : name;
    const mode = FS.stat(`${root}/${path}`).mode;
    if (FS.isDir(mode)) files.push(...readTree(pyodide, root, path));
    else if (FS.isFile(mode)) files.push({ path, data: FS.readFile(`${root}/${path}`) });
  }
  return files;
}

/** Standard input as Pyodide reads it: the bytes given, then end of file. */
function stdinReader(bytes: Uint8Array = new Uint8Array(0)): { read(buffer: Uint8Array): number } {
  let at = 0;
  return {
    read(buffer) {
      const count = Math.min(buffer.length, bytes.length - at);
      buffer.set(bytes.subarray(at, at + count));
      at += count;
      return count;
    },
  };
}

function pythonEngine(
  pyodide: PyodideAPI,
  preloaded: ReadonlySet<string> = new Set(),
): ScriptEngine {
  const budget = new PythonMemoryBudget(pyodide);
  const jspi = hasJspi();
  return {
    async run(request, io, interruptCell) {
      const packages = request.python;
      const refusal = await installPackages(pyodide, packages?.packages ?? [], preloaded, io.note);
      if (refusal) {
        io.stderr.write(refusal);
        return { exitCode: 1, files: [] };
      }
      const cwd = skillDirectory(request.skillName);
      writeSkillFiles(pyodide, cwd, request);
      budget.start(request.memoryLimitBytes, io.note);
      pyodide.setStdin(stdinReader(request.stdin));
      pyodide.setStdout({ write: (bytes) => io.stdout.writeBytes(bytes) });
      pyodide.setStderr({ write: (bytes) => io.stderr.writeBytes(bytes) });
      // Python runs without yielding, so only a cell the frame shares can reach it.
      if (Object.prototype.toString.call(interruptCell.buffer) === "[object SharedArrayBuffer]") {
        interruptCell[0] = 0;
        pyodide.setInterruptBuffer(interruptCell);
      }
      const run = pyodide.globals.get("skillbox_run");
      const runArgs = [
        request.scriptPath,
        pyodide.toPy(request.args),
        pyodide.toPy(request.env),
        cwd,
        pyodide.toPy({
          setModules: packages?.setModules ?? {},
          setDescription: packages?.setDescription ?? "",
        }),
        request.inline?.code,
        request.workingDirectory ? `${cwd}/${request.workingDirectory}` : cwd,
      ];
      // Calling it "promising" lets scripts block on coroutines (asyncio.run, run_until_complete)
      // through stack switching, as they would in CPython. Without JSPI the plain call runs
      // everything else the same; a script that blocks on a coroutine gets Pyodide's error.
      const exitCode = (await (jspi ? run.callPromising(...runArgs) : run(...runArgs))) as number;
      return { exitCode, files: changedFiles(request.files, readTree(pyodide, cwd)) };
    },
  };
}

startSandboxWorker(bootPython);
