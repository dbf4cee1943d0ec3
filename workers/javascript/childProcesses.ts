import type { ScriptLanguage } from "../../src/sandbox/runtime";
import type { SubrunOutcome } from "../../src/sandbox/subrunReply";
import { z } from "../../src/zod";
import {
  type InterpreterRun,
  interpreterRun,
  pathInSkill,
  withCodeFromStdin,
} from "../shared/interpreterCommand";
import type { RunIo, SubrunSpec, WorkingTree } from "../shared/sandboxWorker";
import { resolveFrom } from "../shell/scriptShell";

/** A child process as the guest's `child_process` asks for it (guest/modules/child_process.js). */
const childRequestSchema = z.strictObject({
  file: z.string(),
  args: z.array(z.string()),
  /** Absolute, in the guest's file system. */
  cwd: z.string(),
  env: z.record(z.string(), z.string()),
});

type ChildRequest = z.infer<typeof childRequestSchema>;

/** What the guest hears when a child ends; its files have already landed. */
export type ChildOutcome =
  | { exitCode: number; stdout: string; stderr: string }
  | { notFound: true };

/** The run's files as the worker holds them, for a child to start from and write back into. */
export interface ChildFiles {
  /** The skill folder's absolute path in the guest's file system. */
  root: string;
  exists(path: string): boolean;
  tree(): WorkingTree;
  write(files: SubrunOutcome["files"]): void;
}

/** Children of one run that may run at once (the rest wait in the worker, holding no files). */
const MAX_RUNNING_CHILDREN = 4;

const LANGUAGE_BY_EXTENSION: Readonly<Record<string, ScriptLanguage>> = {
  ".js": "javascript",
  ".cjs": "javascript",
  ".mjs": "javascript",
  ".py": "python",
  ".sh": "shell",
};

/**
 * Any other program name runs through the shell, which has it or not: `command -v` tells the two
 * apart, so a missing program is ENOENT as natively, not a shell's exit 127.
 */
const BARE_COMMAND = 'command -v "$0" >/dev/null 2>&1 || exit 127\n"$0" "$@"';

/** How a child runs: an interpreter, a script of the skill by its extension, or a shell command. */
function childRun(
  request: ChildRequest,
  files: ChildFiles,
): { run: InterpreterRun; env: Record<string, string>; bare: boolean } | null {
  let { file, args } = request;
  const env = { ...request.env };
  // `env NAME=VALUE… PROGRAM ARGS…`, as `/usr/bin/env` runs it.
  if (file === "env" || file === "/usr/bin/env") {
    let i = 0;
    for (; i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]!); i++) {
      const at = args[i]!.indexOf("=");
      env[args[i]!.slice(0, at)] = args[i]!.slice(at + 1);
    }
    if (i < args.length) [file, args] = [args[i]!, args.slice(i + 1)];
  }
  const interpreted = interpreterRun(file, args, request.cwd);
  if (interpreted) return { run: interpreted, env, bare: false };
  if (file.includes("/")) {
    const script = resolveFrom(request.cwd, file);
    const language = LANGUAGE_BY_EXTENSION[script.slice(script.lastIndexOf("."))];
    if (!language || !files.exists(script)) return null;
    return { run: { language, script, args }, env, bare: false };
  }
  const run = {
    language: "shell" as const,
    inline: { code: BARE_COMMAND, program: "sh" },
    args: [file, ...args],
  };
  return { run, env, bare: true };
}

/** A child's sub-run, less the files: those are taken when it starts. */
type Planned = { spec: Omit<SubrunSpec, "tree">; bare: boolean } | { outcome: ChildOutcome };

/** The sub-run for a child, or its outcome when it cannot start. */
function plan(json: string, input: Uint8Array, files: ChildFiles): Planned {
  const request = childRequestSchema.parse(JSON.parse(json));
  const planned = childRun(request, files);
  if (!planned) return { outcome: { notFound: true } };
  const { run, stdin } = withCodeFromStdin(planned.run, input);
  const cwd = pathInSkill(request.cwd, [files.root]);
  const base = {
    language: run.language,
    args: run.args,
    env: planned.env,
    stdin,
    ...(cwd ? { cwd } : {}),
  };
  if ("inline" in run)
    return { spec: { ...base, scriptPath: "", inline: run.inline }, bare: planned.bare };
  const scriptPath = pathInSkill(run.script, [files.root]);
  if (!scriptPath) {
    const stderr = `can't open file '${run.script}': [Errno 2] No such file or directory\n`;
    return { outcome: { exitCode: 2, stdout: "", stderr } };
  }
  return { spec: { ...base, scriptPath }, bare: false };
}

/**
 * A Node script's child processes: each a sub-run in a worker of its own, started from the files
 * as they are and writing back what it changed. Waiting children keep the event loop alive.
 */
export class ChildProcesses {
  private running = 0;
  /** Children waiting for one of the {@link MAX_RUNNING_CHILDREN} places, oldest first. */
  private readonly queued: (() => void)[] = [];
  private readonly finished: { id: number; outcome: ChildOutcome }[] = [];
  private wake: (() => void) | null = null;

  constructor(
    private readonly io: RunIo,
    private readonly files: ChildFiles,
  ) {}

  /** True while a child runs or waits to, or its outcome waits for the guest. */
  get pending(): boolean {
    return this.running > 0 || this.queued.length > 0 || this.finished.length > 0;
  }

  /** `spawnSync` and friends: blocks until the child ends; null where nothing can block. */
  runSync(json: string, stdin: Uint8Array): ChildOutcome | null {
    const runSync = this.io.subrunSync;
    if (!runSync) return null;
    const planned = plan(json, stdin, this.files);
    if ("outcome" in planned) return planned.outcome;
    return this.land(runSync({ ...planned.spec, tree: this.files.tree() }), planned.bare);
  }

  /**
   * Starts a child now, or once a place is free: each running child holds a copy of the skill's
   * files in the frame, so a script spawning in a loop must not hold thousands. False for a
   * program the sandbox does not have.
   */
  start(id: number, json: string, stdin: Uint8Array): boolean {
    const planned = plan(json, stdin, this.files);
    if ("outcome" in planned && "notFound" in planned.outcome) return false;
    const begin = () => {
      this.running++;
      const outcome: Promise<ChildOutcome> =
        "outcome" in planned
          ? Promise.resolve(planned.outcome)
          : this.io
              .subrun({ ...planned.spec, tree: this.files.tree() })
              .then((done) => this.land(done, planned.bare));
      void outcome.then((done) => {
        this.running--;
        this.finished.push({ id, outcome: done });
        this.queued.shift()?.();
        this.wake?.();
      });
    };
    if (this.running < MAX_RUNNING_CHILDREN) begin();
    else this.queued.push(begin);
    return true;
  }

  /** The outcomes that arrived since the last call, in the order they arrived. */
  takeFinished(): { id: number; outcome: ChildOutcome }[] {
    return this.finished.splice(0);
  }

  /** Resolves when the next child ends (at once if one already has). */
  nextFinished(): Promise<void> {
    if (this.finished.length > 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
    });
  }

  private land(outcome: SubrunOutcome, bare: boolean): ChildOutcome {
    this.files.write(outcome.files);
    if (bare && outcome.exitCode === 127 && outcome.stderr === "") return { notFound: true };
    return { exitCode: outcome.exitCode, stdout: outcome.stdout, stderr: outcome.stderr };
  }
}
