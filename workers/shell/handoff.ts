import type * as WasmerSdk from "@wasmer/sdk";
import type { OutputFile } from "../../src/sandbox/runtime";
import type { RunIo, WorkingTree } from "../shared/sandboxWorker";
import { resolveFrom } from "./scriptShell";

/**
 * The worker's side of `python3`/`python`/`node` inside a dash script (wasix/handoff/handoff.c):
 * the command leaves `PID.request` in {@link HANDOFF_DIR}; the worker runs the script on the
 * other runtime against the working files as they are now, writes back what it wrote, and leaves
 * `PID.stdout`, `PID.stderr` and, last, `PID.status` for the command to print and exit with.
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

async function answer(
  sandbox: Sandbox,
  base: string,
  roots: readonly string[],
  io: RunIo,
  files: WorkingFiles,
): Promise<void> {
  const text = new TextDecoder().decode(await sandbox.fs.readFile(`${base}.request`));
  await sandbox.fs.remove(`${base}.request`);
  const [language, script = "", ...args] = text.replace(/\n$/, "").split("\n").map(unescapeField);
  const name = language === "javascript" ? "node" : "python3";
  const absolute = resolveFrom("/", script);
  const root = roots.find((dir) => absolute.startsWith(`${dir}/`));
  const scriptPath = root ? absolute.slice(root.length + 1) : "";
  const tree = await files.read();
  let result: { exitCode: number; stdout: string; stderr: string };
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
  await sandbox.fs.writeFile(`${base}.stdout`, result.stdout);
  await sandbox.fs.writeFile(`${base}.stderr`, result.stderr);
  await sandbox.fs.writeFile(`${base}.status`, String(result.exitCode));
}

/**
 * Answers the run's requests until `stop()` (after the run's process has ended). `roots`: the
 * skill directory as mounted and as the script sees it, for resolving a script's path.
 */
export function answerHandoffs(
  sandbox: Sandbox,
  roots: readonly string[],
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
        await answer(sandbox, base, roots, io, files);
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
