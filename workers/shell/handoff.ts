import type * as WasmerSdk from "@wasmer/sdk";
import type { OutputFile } from "../../src/sandbox/runtime";
import { skillDirectory } from "../../src/tools/environment";
import { pathInSkill, runInterpreterCommand } from "../shared/interpreterCommand";
import type { RunIo, WorkingTree } from "../shared/sandboxWorker";
import { type CommandResult, runBuiltinCommand } from "./builtinEngine";
import { resolveFrom } from "./scriptShell";

/**
 * The worker's side of `python3`/`python`/`node` and `jq` inside a dash script
 * (wasix/handoff/handoff.c): the command leaves `PID.request` (its name, directory and arguments)
 * and any input in `PID.stdin` in {@link HANDOFF_DIR}; the worker runs the program on the other
 * runtime, or jq on the built-in engine, against the working files as they are now, writes back
 * what a program wrote, and leaves `PID.stdout`, `PID.stderr` and, last, `PID.status` for the
 * command to print and exit with.
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

/** The input the command left in `PID.stdin`, taken; empty when it left none. */
async function takeStdin(sandbox: Sandbox, base: string): Promise<Uint8Array> {
  return sandbox.fs.readFile(`${base}.stdin`).then(
    async (bytes) => {
      await sandbox.fs.remove(`${base}.stdin`);
      return bytes;
    },
    () => new Uint8Array(0),
  );
}

/**
 * Asks the waiting command for its input (`PID.want-stdin`) and takes it once the command has
 * left all of it in `PID.stdin`; nothing once the run is over (the command is gone).
 */
async function askForStdin(
  sandbox: Sandbox,
  base: string,
  running: () => boolean,
): Promise<Uint8Array> {
  await sandbox.fs.writeFile(`${base}.want-stdin`, "");
  while (running()) {
    const bytes = await sandbox.fs.readFile(`${base}.stdin`).catch(() => null);
    if (bytes) {
      await sandbox.fs.remove(`${base}.stdin`);
      return bytes;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return new Uint8Array(0);
}

/** `jq ARGS…` on the built-in engine's jq, in the directory the command ran in. */
async function answerJq(
  cwd: string,
  args: string[],
  stdin: Uint8Array,
  run: HandoffRun,
  files: WorkingFiles,
): Promise<CommandResult> {
  const relative = pathInSkill(resolveFrom("/", cwd), run.roots);
  const directory = skillDirectory(run.skillName);
  return runBuiltinCommand("jq", args, {
    skillName: run.skillName,
    tree: await files.read(),
    cwd: relative ? `${directory}/${relative}` : directory,
    stdin: new TextDecoder().decode(stdin),
    env: run.env,
  });
}

async function answer(
  sandbox: Sandbox,
  base: string,
  run: HandoffRun,
  io: RunIo,
  files: WorkingFiles,
  running: () => boolean,
): Promise<void> {
  const text = new TextDecoder().decode(await sandbox.fs.readFile(`${base}.request`));
  await sandbox.fs.remove(`${base}.request`);
  const [name = "", cwd = "/", ...args] = text.replace(/\n$/, "").split("\n").map(unescapeField);
  if (name === "jq") {
    const stdin = await takeStdin(sandbox, base);
    await leaveResult(sandbox, base, await answerJq(cwd, args, stdin, run, files));
    return;
  }
  const place = { cwd, roots: run.roots };
  const input = () => askForStdin(sandbox, base, running);
  const ran = await runInterpreterCommand(io, name, args, place, await files.read(), input);
  await files.write(ran.files);
  await leaveResult(sandbox, base, ran);
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
        await answer(sandbox, base, run, io, files, () => running);
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
