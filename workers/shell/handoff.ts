import type * as WasmerSdk from "@wasmer/sdk";
import type { OutputFile } from "../../src/sandbox/runtime";
import { skillDirectory } from "../../src/tools/environment";
import type { RunIo, WorkingTree } from "../shared/sandboxWorker";
import { type CommandResult, runBuiltinCommand } from "./builtinEngine";
import { resolveFrom } from "./scriptShell";

/**
 * The worker's side of `python3`/`python`/`node` and `jq` inside a dash script
 * (wasix/handoff/handoff.c): the command leaves `PID.request` (and, for jq, its input in
 * `PID.stdin`) in {@link HANDOFF_DIR}; the worker runs the script on the other runtime, or jq on
 * the built-in engine, against the working files as they are now, writes back what a script
 * wrote, and leaves `PID.stdout`, `PID.stderr` and, last, `PID.status` for the command to print
 * and exit with.
 */
export const HANDOFF_DIR = "/workspace/.skillbox-handoff";
const POLL_MS = 10;

type Sandbox = WasmerSdk.Sandbox;

/** Reads the skill directory as it is now; writes files into it (folders made as needed). */
export interface WorkingFiles {
  read(): Promise<WorkingTree>;
  write(files: OutputFile[]): Promise<void>;
}

function unescapeField(field: string): string {
  return field.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
}

/** `path` below the skill directory, whichever of its names it starts with; null outside. */
function inSkill(path: string, run: HandoffRun): string | null {
  const absolute = resolveFrom("/", path);
  for (const dir of run.roots) {
    if (absolute === dir) return "";
    if (absolute.startsWith(`${dir}/`)) return absolute.slice(dir.length + 1);
  }
  return null;
}

/** `jq ARGS…` on the built-in engine's jq, in the directory the command ran in. */
async function answerJq(
  sandbox: Sandbox,
  base: string,
  cwd: string,
  args: string[],
  run: HandoffRun,
  files: WorkingFiles,
): Promise<CommandResult> {
  const stdin = await sandbox.fs.readFile(`${base}.stdin`).then(
    async (bytes) => {
      await sandbox.fs.remove(`${base}.stdin`);
      return new TextDecoder().decode(bytes);
    },
    () => "",
  );
  const relative = inSkill(cwd, run);
  const directory = skillDirectory(run.skillName);
  return runBuiltinCommand("jq", args, {
    skillName: run.skillName,
    tree: await files.read(),
    cwd: relative ? `${directory}/${relative}` : directory,
    stdin,
    env: run.env,
  });
}

async function answer(
  sandbox: Sandbox,
  base: string,
  run: HandoffRun,
  io: RunIo,
  files: WorkingFiles,
): Promise<void> {
  const text = new TextDecoder().decode(await sandbox.fs.readFile(`${base}.request`));
  await sandbox.fs.remove(`${base}.request`);
  const [language, script = "", ...args] = text.replace(/\n$/, "").split("\n").map(unescapeField);
  if (language === "jq") {
    await leaveResult(sandbox, base, await answerJq(sandbox, base, script, args, run, files));
    return;
  }
  const name = language === "javascript" ? "node" : "python3";
  const scriptPath = inSkill(script, run) ?? "";
  const tree = await files.read();
  let result: CommandResult;
  if (
    (language !== "python" && language !== "javascript") ||
    !tree.files.some((file) => file.path === scriptPath)
  ) {
    result = {
      exitCode: 2,
      stdout: "",
      stderr: `${name}: can't open file '${script}': [Errno 2] No such file or directory\n`,
    };
  } else {
    const ran = await io.subrun(language, scriptPath, args, tree);
    await files.write(ran.files);
    result = ran;
  }
  await leaveResult(sandbox, base, result);
}

/** The output, then the status last: the command waits for the status file. */
async function leaveResult(sandbox: Sandbox, base: string, result: CommandResult): Promise<void> {
  await sandbox.fs.writeFile(`${base}.stdout`, result.stdout);
  await sandbox.fs.writeFile(`${base}.stderr`, result.stderr);
  await sandbox.fs.writeFile(`${base}.status`, String(result.exitCode));
}

/** The run a handoff belongs to. */
export interface HandoffRun {
  skillName: string;
  /** The skill directory as mounted and as the script sees it, for resolving paths. */
  roots: readonly string[];
  /** The run's environment, for the commands run on the built-in engine. */
  env: Record<string, string>;
}

/** Answers the run's requests until `stop()` (after the run's process has ended). */
export function answerHandoffs(
  sandbox: Sandbox,
  run: HandoffRun,
  io: RunIo,
  files: WorkingFiles,
): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const entries = await sandbox.fs.readDir(HANDOFF_DIR).catch(() => []);
      for (const entry of entries) {
        if (!entry.name.endsWith(".request")) continue;
        const base = `${HANDOFF_DIR}/${entry.name.slice(0, -".request".length)}`;
        await answer(sandbox, base, run, io, files);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
