import { Bash, type CustomCommand, defineCommand, type IFileSystem } from "just-bash/browser";
import { skillDirectory } from "../../src/tools/environment";
import { changedFiles } from "../shared/fileChanges";
import { runInterpreterCommand } from "../shared/interpreterCommand";
import type { RunIo, ScriptEngine, WorkingTree } from "../shared/sandboxWorker";
import { bytesToLatin1, shellQuote, stdinBytes } from "./compat/io";
import { compatCommands } from "./compatCommands";
import { watchInterrupt } from "./interruptWatch";
import { shellFor } from "./scriptShell";

/**
 * The run's time limit is what bounds a script; just-bash's own step limits are raised far above
 * anything a skill does in 30 s so they never cut a legitimate loop short.
 */
const GENEROUS_LIMITS = {
  maxCommandCount: 10_000_000,
  maxLoopIterations: 10_000_000,
  maxAwkIterations: 10_000_000,
  maxSedIterations: 10_000_000,
  maxJqIterations: 10_000_000,
};

/**
 * The run's one memory budget, split among what just-bash accounts for: files and live working
 * data take half each, and output (already capped in the worker) comes out of the live half.
 */
function memoryLimits(limitBytes: number) {
  const half = Math.floor(limitBytes / 2);
  return { maxFileSystemBytes: half, maxLiveBytes: half, maxOutputSize: half, maxInputBytes: half };
}

/**
 * The working files as they are now. Symbolic links are not followed (a link to `..` would make
 * the walk endless) and are not files of the result: the contract returns regular files.
 */
async function readTree(fs: IFileSystem, root: string): Promise<WorkingTree> {
  const tree: WorkingTree = { files: [], directories: [] };
  const walk = async (prefix: string) => {
    for (const name of (await fs.readdir(prefix ? `${root}/${prefix}` : root)).sort()) {
      const path = prefix ? `${prefix}/${name}` : name;
      const stat = await fs.lstat(`${root}/${path}`);
      if (stat.isDirectory) {
        tree.directories.push(path);
        await walk(path);
      } else if (stat.isFile) {
        tree.files.push({ path, data: await fs.readFileBuffer(`${root}/${path}`) });
      }
    }
  };
  await walk("");
  return tree;
}

/**
 * `python3 …`, `python …` and `node …` inside a shell script: the program runs on the Python or
 * JavaScript runtime against the working files as they are now, with the command's input, and
 * what it writes lands back here for the next command to read.
 */
function runtimeCommand(name: string, root: string, io: RunIo): CustomCommand {
  return defineCommand(name, async (args, ctx) => {
    const result = await runInterpreterCommand(
      io,
      name,
      args,
      { cwd: ctx.cwd, roots: [root] },
      await readTree(ctx.fs, root),
      Uint8Array.from(stdinBytes(ctx), (c) => c.charCodeAt(0)),
    );
    for (const written of result.files) {
      const target = `${root}/${written.path}`;
      await ctx.fs.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
      await ctx.fs.writeFile(target, written.data);
    }
    return { stdout: result.stdout, stderr: result.stderr, exitCode: result.exitCode };
  });
}

/**
 * Writing to a path whose folder does not exist fails as on a real file system (bash: "No such
 * file or directory"); just-bash's in-memory file system created the missing folders silently.
 */
function requireParentFolders(fs: IFileSystem): void {
  const guard = <T extends IFileSystem["writeFile"] | IFileSystem["appendFile"]>(write: T): T =>
    (async (path: string, ...rest: unknown[]) => {
      const parent = path.slice(0, path.lastIndexOf("/")) || "/";
      const folder = await fs.stat(parent).catch(() => undefined);
      if (!folder?.isDirectory) {
        throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), {
          code: "ENOENT",
        });
      }
      return (write as (...args: unknown[]) => Promise<void>).call(fs, path, ...rest);
    }) as T;
  fs.writeFile = guard(fs.writeFile);
  fs.appendFile = guard(fs.appendFile);
}

/** How a command run by {@link runBuiltinCommand} ended. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/**
 * One command of the built-in engine (`jq`), for the Wasmer engine's package, which has none: run
 * in `cwd` (under the skill directory) on a copy of the working files, with `stdin` as its input.
 */
export async function runBuiltinCommand(
  command: string,
  args: string[],
  options: {
    skillName: string;
    tree: WorkingTree;
    cwd: string;
    stdin: string;
    env: Record<string, string>;
  },
): Promise<CommandResult> {
  const root = skillDirectory(options.skillName);
  const bash = new Bash({
    files: Object.fromEntries(options.tree.files.map((f) => [`${root}/${f.path}`, f.data])),
    cwd: root,
    env: options.env,
    executionLimits: GENEROUS_LIMITS,
    customCommands: compatCommands(),
  });
  for (const dir of options.tree.directories)
    await bash.fs.mkdir(`${root}/${dir}`, { recursive: true });
  const { stdout, stderr, exitCode } = await bash.exec(command, {
    args,
    cwd: options.cwd,
    env: options.env,
    replaceEnv: true,
    stdin: options.stdin,
  });
  return { stdout, stderr, exitCode };
}

/**
 * The interpreter's abort signal, which also reads the frame's interrupt cell. The interpreter
 * checks `aborted` before every statement, but a loop of builtins (`while :; do :; done`) never
 * yields to the event loop, where the interrupt watcher runs; reading the cell there stops such
 * a loop at its next statement, with what it printed so far.
 */
function interruptSignal(cell: Int32Array, stop: AbortController): AbortSignal {
  const signal = stop.signal;
  const aborted = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")?.get;
  Object.defineProperty(signal, "aborted", {
    get: () => Atomics.load(cell, 0) === 2 || aborted?.call(signal) === true,
  });
  return signal;
}

/** `sh SCRIPT ARGS…` (or `bash`, by the `#!` line) on just-bash, with `python3`/`node` reaching the other runtimes. */
export const builtinShellEngine: ScriptEngine = {
  async run(request, io, interruptCell) {
    const root = skillDirectory(request.skillName);
    const bash = new Bash({
      files: Object.fromEntries(Object.entries(request.files).map(([p, d]) => [`${root}/${p}`, d])),
      cwd: root,
      env: request.env,
      executionLimits: { ...GENEROUS_LIMITS, ...memoryLimits(request.memoryLimitBytes) },
      customCommands: [
        ...compatCommands(),
        runtimeCommand("python3", root, io),
        runtimeCommand("python", root, io),
        runtimeCommand("node", root, io),
      ],
    });
    for (const dir of [request.env.HOME, request.env.TMPDIR]) {
      if (dir) await bash.fs.mkdir(dir, { recursive: true });
    }
    requireParentFolders(bash.fs);
    // An interrupt from the frame stops the interpreter at its next statement, and wakes a
    // command that waits (`sleep`); what the script printed until then is kept.
    const stop = new AbortController();
    const signal = interruptSignal(interruptCell, stop);
    const stopWatching = watchInterrupt(interruptCell, () => stop.abort());
    try {
      const program = request.inline
        ? `-c ${shellQuote(request.inline.code)}`
        : shellQuote(request.scriptPath);
      const result = await bash.exec(`${shellFor(request)} ${program}`, {
        ...(request.workingDirectory ? { cwd: `${root}/${request.workingDirectory}` } : {}),
        args: request.args,
        ...(request.stdin ? { stdin: bytesToLatin1(request.stdin), stdinKind: "bytes" } : {}),
        env: request.env,
        replaceEnv: true,
        signal,
      });
      io.stdout.write(result.stdout);
      io.stderr.write(result.stderr);
      const { files } = await readTree(bash.fs, root);
      return { exitCode: result.exitCode, files: changedFiles(request.files, files) };
    } finally {
      stopWatching();
    }
  },
};

/**
 * A script touching the interpreter's common paths (functions, substitutions, pipelines of the
 * usual text commands, arithmetic, loops), run once while the worker boots.
 */
const WARM_UP_SCRIPT = `f() { echo "$1"; }; x=$(f a | cat); [ -n "$x" ] && printf '%s\\n' "$x" | grep a | sed s/a/b/ | awk '{print $1}' | sort | uniq | head -1 | wc -l > /dev/null; for i in 1 2; do : $((i + 1)); done; case $x in a*) : ;; esac`;

/**
 * The built-in engine, warmed: a fresh worker's first script would otherwise pay for compiling
 * the interpreter's code and building its command table (about 30 ms). The warm-up runs before
 * the lockdown in a shell that is then dropped, on no input from any skill, so a run still
 * starts from nothing but code.
 */
export async function bootBuiltinShellEngine(): Promise<ScriptEngine> {
  const bash = new Bash({ executionLimits: GENEROUS_LIMITS, customCommands: compatCommands() });
  await bash.exec(WARM_UP_SCRIPT);
  return builtinShellEngine;
}
