import type * as WasmerSdk from "@wasmer/sdk";
import {
  installRetryingMemory,
  isOutOfAddressSpace,
  NO_ADDRESS_SPACE_NOTE,
} from "../../src/sandbox/addressSpace";
import { evalFreeFunction } from "../../src/sandbox/evalFreeFunction";
import type { WorkerInit } from "../../src/sandbox/protocol";
import type { RunRequest } from "../../src/sandbox/runtime";
import {
  SHELL_PACKAGE_ASSET,
  WASMER_SDK_MODULES,
  WASMER_SDK_WASM_ASSET,
} from "../../src/sandbox/shellEngine";
import { unpackWasixShell } from "../../src/sandbox/wasixShellPackage";
import { skillDirectory } from "../../src/tools/environment";
import { changedFiles } from "../shared/fileChanges";
import { processMemoryExceededNote } from "../shared/memoryBudget";
import type { OutputStream } from "../shared/outputStream";
import type { PostToFrame, ScriptEngine, WorkingTree } from "../shared/sandboxWorker";
import { builtinShellEngine } from "./builtinEngine";
import { answerHandoffs } from "./handoff";
import { watchInterrupt } from "./interruptWatch";
import { ProcessMemoryMeter } from "./processMemoryMeter";
import { installProcessWorkerShim, type WorkerLimitListener } from "./processWorkerShim";
import { shellFor } from "./scriptShell";

/**
 * The SDK's file API only reaches paths under `/workspace`, so the skill's files are mounted at
 * `/workspace/skills/NAME`. A configured package runs there (docs/runtimes.md); dash and
 * toybox run from the contract's `/skills/NAME` through a link ({@link startFolderEnv}).
 */
const WORKSPACE = "/workspace";

export function wasmerSkillDirectory(skillName: string): string {
  return `${WORKSPACE}${skillDirectory(skillName)}`;
}

/**
 * What the run's first dash process is told (wasix/glue/src/startFolder.c): link `/skills` to the
 * mounted skills and start in the skill's folder (or, for a child process, the folder inside it
 * it was started in). A run's worker, and so its sandbox and root file system, serve that run
 * only: the link is made once per run, before the script's shell starts.
 */
function startFolderEnv(skillName: string, workingDirectory?: string): Record<string, string> {
  const start = workingDirectory
    ? `${skillDirectory(skillName)}/${workingDirectory}`
    : skillDirectory(skillName);
  return { SKILLBOX_SKILLS_LINK: `${WORKSPACE}/skills`, SKILLBOX_START_FOLDER: start, PWD: start };
}

/**
 * Processes one run may have at once (each is a worker): pipelines, `$(…)` and background jobs
 * of real scripts stay far below it; a fork loop reaches it and its run is ended. Each process
 * reserves about 10 GiB of the renderer's address space, of which a tab has about 1 TiB for
 * WebAssembly memories (src/sandbox/addressSpace.ts): at 32, 2 of 12 fork storms run back to back
 * left a fork of the storm or of the next run no memory (a child that never ran, a pipeline with
 * no output); at 24, none of 7 did.
 */
const MAX_PROCESSES = 24;
/** How often a run's memory is measured against its budget. */
const MEMORY_CHECK_MS = 50;

type Sandbox = WasmerSdk.Sandbox;

/** The SDK bundle's exports (scripts/build/wasmerSdkEntry.ts). */
type WasmerSdkModule = typeof WasmerSdk & {
  setSDKUrl(url: string): void;
  setWorkerUrl(url: string): void;
};

async function writeTree(sandbox: Sandbox, root: string, files: Record<string, Uint8Array>) {
  await sandbox.fs.mkdir(root, { recursive: true });
  for (const [path, data] of Object.entries(files)) {
    const slash = path.lastIndexOf("/");
    if (slash > 0) await sandbox.fs.mkdir(`${root}/${path.slice(0, slash)}`, { recursive: true });
    await sandbox.fs.writeFile(`${root}/${path}`, data);
  }
}

/**
 * Whether reading an entry failed because it is no regular file. The SDK lists a symbolic link as
 * a file, then cannot open it ("fd not a file").
 */
function isNotRegularFile(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === "FILESYSTEM_ERROR" &&
    /not a file/.test(error.message)
  );
}

/**
 * The working files as they are now. Symbolic links are not files of the result (the contract
 * returns regular files, as the built-in engine does) and never fail the run.
 */
async function readTree(sandbox: Sandbox, root: string): Promise<WorkingTree> {
  const tree: WorkingTree = { files: [], directories: [] };
  const walk = async (prefix: string) => {
    for (const entry of await sandbox.fs.readDir(prefix ? `${root}/${prefix}` : root)) {
      const path = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.kind === "directory") {
        tree.directories.push(path);
        await walk(path);
        continue;
      }
      const data = await sandbox.fs.readFile(`${root}/${path}`).catch((error: unknown) => {
        if (isNotRegularFile(error)) return null;
        throw error;
      });
      if (data) tree.files.push({ path, data });
    }
  };
  await walk("");
  return tree;
}

async function pump(source: WasmerSdk.ReadableBytes | null, sink: OutputStream): Promise<void> {
  if (!source) return;
  const decoder = new TextDecoder();
  for await (const chunk of source) sink.write(decoder.decode(chunk, { stream: true }));
  sink.write(decoder.decode());
}

/**
 * `COMMAND SCRIPT ARGS…` on a WASIX shell package hosted by @wasmer/sdk. The SDK boots with the
 * module bytes the page handed in and runs its processes in workers the frame starts for it; each
 * run gets a fresh sandbox (its own file system), created at boot so a run only writes files and
 * starts.
 */
/** The shell's arguments: the script and its arguments, or `-c CODE` and `$0`, `$1`… */
function programArgs(request: RunRequest): string[] {
  return request.inline
    ? ["-c", request.inline.code, ...request.args]
    : [request.scriptPath, ...request.args];
}

/** Writes a sub-run's input, then end of file; a process that exits first just stops reading. */
function feedStdin(stdin: WasmerSdk.WritableBytes | null, bytes: Uint8Array | undefined): void {
  if (!stdin || !bytes) return;
  stdin
    .write(bytes)
    .then(() => stdin.close())
    .catch(() => {});
}

export async function bootWasmerEngine(init: WorkerInit, post: PostToFrame): Promise<ScriptEngine> {
  const sdkWasm = init.assets[WASMER_SDK_WASM_ASSET];
  const packageBytes = init.assets[SHELL_PACKAGE_ASSET];
  if (!sdkWasm || !packageBytes) throw new Error("the wasmer shell engine is missing its files");
  let onProcessLimit: WorkerLimitListener = () => {};
  installRetryingMemory();
  const meter = new ProcessMemoryMeter();
  meter.meterLocalMemories();
  installProcessWorkerShim(MAX_PROCESSES, (limit) => onProcessLimit(limit), meter, post);
  const nativeFunction = Function;
  Object.defineProperty(globalThis, "Function", {
    value: evalFreeFunction((...args) => nativeFunction(...args)),
    configurable: true,
    writable: true,
  });
  const moduleUrl = (name: string) => {
    const url = init.moduleUrls[name];
    if (!url) throw new Error(`the wasmer shell engine is missing its module ${name}`);
    return url;
  };
  const sdk = (await import(
    /* @vite-ignore */ moduleUrl(WASMER_SDK_MODULES.main)
  )) as WasmerSdkModule;
  // No cache: browser storage is out of the sandbox's reach, and the package arrives as bytes.
  const wasmer = new sdk.Wasmer({ wasm: sdkWasm, cache: false, parallelism: 1 });
  await wasmer.ready();
  // Set after start-up, which sets URLs relative to the SDK's own (meaningless for a blob: module).
  sdk.setSDKUrl(moduleUrl(WASMER_SDK_MODULES.core));
  sdk.setWorkerUrl(moduleUrl(WASMER_SDK_MODULES.thread));
  const wasixShell = unpackWasixShell(packageBytes);
  const pkg = wasixShell
    ? await wasmer.packages.create(wasixShell)
    : await wasmer.packages.load(new Uint8Array(packageBytes));
  const name = init.shell?.command;
  if (name && !pkg.commands.includes(name)) {
    throw new Error(
      `the shell package has no command '${name}' (it has: ${pkg.commands.join(", ")})`,
    );
  }
  const command = name ? pkg.command(name) : pkg;
  const sandbox = await wasmer.sandboxes.create({ packages: [pkg], network: { mode: "disabled" } });

  return {
    // The guest is WebAssembly and reaches JavaScript only through the SDK's WASIX imports; the
    // SDK itself asks for a worker per process (see processWorkerShim.ts) while a run goes on.
    keepGlobals: ["Worker", "Blob"],
    async run(request, io, interruptCell) {
      // dash is not bash: a script that asks for bash runs on the built-in engine's bash.
      if (wasixShell && shellFor(request) === "bash") {
        return builtinShellEngine.run(request, io, interruptCell);
      }
      const root = wasmerSkillDirectory(request.skillName);
      await writeTree(sandbox, root, request.files);
      for (const dir of request.directories ?? []) {
        await sandbox.fs.mkdir(`${root}/${dir}`, { recursive: true });
      }
      const cwd = request.workingDirectory ? `${root}/${request.workingDirectory}` : root;
      const process = await sandbox
        .command(command, programArgs(request), {
          cwd,
          env: {
            ...request.env,
            ...(wasixShell
              ? startFolderEnv(request.skillName, request.workingDirectory)
              : { PWD: cwd }),
          },
        })
        .spawn({ stdin: request.stdin ? "pipe" : "closed", stdout: "pipe", stderr: "pipe" });
      feedStdin(process.stdin, request.stdin);
      const stopWatching = watchInterrupt(interruptCell, () => void process.kill());
      // Past a limit the run ends here, and its worker with it: past the process limit the
      // SDK's fork waits for a worker that never comes, and the root process cannot be killed
      // out of it; past the memory budget every process and the files go at once.
      let memoryCheck: ReturnType<typeof setInterval> | undefined;
      const overLimit = new Promise<{ exitCode: number }>((resolve) => {
        const stop = (note: string) => {
          onProcessLimit = () => {};
          clearInterval(memoryCheck);
          io.note(note);
          resolve({ exitCode: 1 });
        };
        onProcessLimit = (limit) =>
          stop(`stopped: the run started more than ${limit} processes at once`);
        memoryCheck = setInterval(() => {
          const held = meter.bytes();
          if (held > request.memoryLimitBytes) {
            stop(processMemoryExceededNote(request.memoryLimitBytes, held));
          }
        }, MEMORY_CHECK_MS);
      });
      // python3/node inside a dash script reach the other runtimes through the package's handoff,
      // and jq the built-in engine's jq.
      const handoffs = wasixShell
        ? answerHandoffs(
            sandbox,
            {
              skillName: request.skillName,
              roots: [root, skillDirectory(request.skillName)],
              env: request.env,
            },
            io,
            {
              read: () => readTree(sandbox, root),
              write: (files) =>
                writeTree(sandbox, root, Object.fromEntries(files.map((f) => [f.path, f.data]))),
            },
          )
        : null;
      try {
        const output = await Promise.race([
          Promise.all([
            process.wait({ check: false }),
            pump(process.stdout, io.stdout),
            pump(process.stderr, io.stderr),
          ]).then(([exited]) => exited),
          overLimit,
        ]).catch((error: unknown) => {
          // The SDK ends the whole run when a process cannot get its memory.
          if (!isOutOfAddressSpace(error)) throw error;
          io.note(NO_ADDRESS_SPACE_NOTE);
          return { exitCode: 1 };
        });
        return {
          exitCode: output.exitCode,
          files: changedFiles(request.files, (await readTree(sandbox, root)).files),
        };
      } finally {
        clearInterval(memoryCheck);
        onProcessLimit = () => {};
        stopWatching();
        await handoffs?.stop();
      }
    },
  };
}
