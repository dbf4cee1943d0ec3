import type { InlineProgram, ScriptLanguage } from "../../src/sandbox/runtime";
import type { SubrunOutcome } from "../../src/sandbox/subrunReply";
import { shellQuote } from "../shell/compat/io";
import { resolveFrom } from "../shell/scriptShell";
import type { RunIo, WorkingTree } from "./sandboxWorker";

/**
 * What an interpreter's command line runs, read as `node`, `python3` and `sh` read theirs: a
 * script file, a program given as text (`-e`, `-c`, `-m`), or a program read from standard input.
 * The one reading for every door a program starts through: a Node script's child processes, and
 * `python3`/`node` inside a shell script on either shell engine.
 */
export type InterpreterRun =
  | { language: ScriptLanguage; args: string[]; script: string }
  | { language: ScriptLanguage; args: string[]; inline: InlineProgram }
  | { language: ScriptLanguage; args: string[]; codeFromStdin: { program: string } };

const NODE_NAMES = new Set(["node", "nodejs"]);
const PYTHON_NAME = /^python(3(\.\d+)?)?$/;
const SHELL_NAMES = new Set(["sh", "bash", "dash"]);
/** Node options that take the next argument as their value. */
const NODE_OPTIONS_WITH_VALUE = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--input-type",
]);
const PYTHON_OPTIONS_WITH_VALUE = new Set(["-W", "-X"]);

/** The language an interpreter's name (`python3.11`, `/usr/bin/node`) stands for, or null. */
export function interpreterLanguage(program: string): ScriptLanguage | null {
  const name = program.slice(program.lastIndexOf("/") + 1);
  if (NODE_NAMES.has(name)) return "javascript";
  if (PYTHON_NAME.test(name)) return "python";
  if (SHELL_NAMES.has(name)) return "shell";
  return null;
}

function nodeRun(args: string[], cwd: string): InterpreterRun {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const rest = args.slice(i + 2);
    if (arg === "-e" || arg === "--eval") {
      return {
        language: "javascript",
        inline: { code: args[i + 1] ?? "", program: "node" },
        args: rest,
      };
    }
    if (arg === "-p" || arg === "--print") {
      // Node prints the value of the last expression, as console.log would.
      const code = `console.log(eval(${JSON.stringify(args[i + 1] ?? "")}))`;
      return { language: "javascript", inline: { code, program: "node" }, args: rest };
    }
    if (arg === "-v" || arg === "--version") {
      const code = "console.log(process.version)";
      return { language: "javascript", inline: { code, program: "node" }, args: [] };
    }
    if (arg.startsWith("--eval=")) {
      const code = arg.slice("--eval=".length);
      return { language: "javascript", inline: { code, program: "node" }, args: args.slice(i + 1) };
    }
    if (arg === "-") {
      return {
        language: "javascript",
        codeFromStdin: { program: "node" },
        args: args.slice(i + 1),
      };
    }
    if (!arg.startsWith("-")) {
      return { language: "javascript", script: resolveFrom(cwd, arg), args: args.slice(i + 1) };
    }
    if (NODE_OPTIONS_WITH_VALUE.has(arg)) i++;
  }
  return { language: "javascript", codeFromStdin: { program: "node" }, args: [] };
}

function pythonRun(args: string[], cwd: string): InterpreterRun {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const rest = args.slice(i + 2);
    if (arg === "-c") {
      return {
        language: "python",
        inline: { code: args[i + 1] ?? "", program: "python3" },
        args: rest,
      };
    }
    if (arg === "-V" || arg === "--version") {
      const code = 'import sys\nprint("Python", sys.version.split()[0])\n';
      return { language: "python", inline: { code, program: "python3" }, args: [] };
    }
    if (arg === "-m") {
      const module = JSON.stringify(args[i + 1] ?? "");
      const code = `import runpy\nrunpy.run_module(${module}, run_name="__main__", alter_sys=True)\n`;
      return { language: "python", inline: { code, program: "python3" }, args: rest };
    }
    if (arg === "-") {
      return { language: "python", codeFromStdin: { program: "python3" }, args: args.slice(i + 1) };
    }
    if (!arg.startsWith("-")) {
      return { language: "python", script: resolveFrom(cwd, arg), args: args.slice(i + 1) };
    }
    if (PYTHON_OPTIONS_WITH_VALUE.has(arg)) i++;
  }
  return { language: "python", codeFromStdin: { program: "python3" }, args: [] };
}

/** `sh -c CODE [NAME [ARGS…]]` after any `set` options, `sh FILE ARGS…`, or `sh` reading stdin. */
function shellRun(program: string, args: string[], cwd: string): InterpreterRun {
  const options: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "-c") {
      const set = options.length > 0 ? `set ${options.join(" ")}\n` : "";
      return {
        language: "shell",
        inline: { code: set + (args[i + 1] ?? ""), program },
        args: args.slice(i + 2),
      };
    }
    if (arg === "-s" || arg === "-") {
      return { language: "shell", codeFromStdin: { program }, args: args.slice(i + 1) };
    }
    if (arg === "-o" || arg === "+o") {
      options.push(arg, shellQuote(args[i + 1] ?? ""));
      i++;
    } else if (/^[-+][a-z]+$/.test(arg)) {
      options.push(arg);
    } else {
      return { language: "shell", script: resolveFrom(cwd, arg), args: args.slice(i + 1) };
    }
  }
  return { language: "shell", codeFromStdin: { program }, args: [] };
}

/**
 * What `program ARGS…` runs, started in `cwd`; null when `program` is not node, python3 or a
 * shell. Script paths come back absolute.
 */
export function interpreterRun(
  program: string,
  args: string[],
  cwd: string,
): InterpreterRun | null {
  const language = interpreterLanguage(program);
  if (language === "javascript") return nodeRun(args, cwd);
  if (language === "python") return pythonRun(args, cwd);
  if (language === "shell") return shellRun(program.slice(program.lastIndexOf("/") + 1), args, cwd);
  return null;
}

/** The program as text, for a run whose code arrives on its standard input. */
export function withCodeFromStdin(
  run: InterpreterRun,
  stdin: Uint8Array,
): { run: Exclude<InterpreterRun, { codeFromStdin: unknown }>; stdin: Uint8Array } {
  if (!("codeFromStdin" in run)) return { run, stdin };
  const code = new TextDecoder().decode(stdin);
  return {
    run: {
      language: run.language,
      args: run.args,
      inline: { code, program: run.codeFromStdin.program },
    },
    stdin: new Uint8Array(0),
  };
}

/** Where a shell command runs: its working directory and the skill folder's names in it. */
export interface CommandPlace {
  cwd: string;
  /** The skill folder as mounted, and as scripts see it (the Wasmer engine has both). */
  roots: readonly string[];
}

/** An absolute `path` relative to the skill folder under any of its names; "" for the folder. */
export function pathInSkill(path: string, roots: readonly string[]): string | null {
  for (const root of roots) {
    if (path === root) return "";
    if (path.startsWith(`${root}/`)) return path.slice(root.length + 1);
  }
  return null;
}

/** Words by which a program's text shows it reads its standard input. */
const READS_STDIN: Readonly<Record<ScriptLanguage, RegExp>> = {
  // `runpy` is `python3 -m MODULE`: whether the module reads stdin is not in the command line.
  python:
    /\bsys\.(__)?stdin\b|\binput\s*\(|\bfileinput\b|\/dev\/stdin|\bFileType\s*\(|\bopen\s*\(\s*0\b|\brunpy\b/,
  javascript: /\bprocess\.stdin\b|readFileSync\s*\(\s*0\b|\/dev\/stdin|\breadline\b/,
  shell: /./,
};

/**
 * Whether the program may read its standard input. A dash script's stdin is taken from the shell
 * only for such a program: taking it from any other would end a `… | while read` loop around it,
 * as a program that reads stdin ends it natively.
 */
function readsStdin(run: InterpreterRun, tree: WorkingTree, scriptPath: string): boolean {
  if ("codeFromStdin" in run) return true;
  const text =
    "inline" in run
      ? run.inline.code
      : new TextDecoder().decode(tree.files.find((file) => file.path === scriptPath)?.data);
  return READS_STDIN[run.language].test(text);
}

/**
 * `python3 …` or `node …` inside a shell script, on the other runtime: a script of the skill (as
 * the files are now), or a program given as text or on stdin. Input the shell holds for the
 * command is `input` as bytes; input that would be taken from the shell (a function) is taken only
 * for a program that reads its standard input. The caller writes the outcome's files back.
 */
export async function runInterpreterCommand(
  io: RunIo,
  program: string,
  args: string[],
  place: CommandPlace,
  tree: WorkingTree,
  input: Uint8Array | (() => Promise<Uint8Array>),
): Promise<SubrunOutcome> {
  const parsed = interpreterRun(program, args, place.cwd);
  if (!parsed) return { exitCode: 127, stdout: "", stderr: `${program}: not found\n`, files: [] };
  const scriptPath = "script" in parsed ? pathInSkill(parsed.script, place.roots) : "";
  if ("script" in parsed && (!scriptPath || !tree.files.some((file) => file.path === scriptPath))) {
    return {
      exitCode: 2,
      stdout: "",
      stderr: `${program}: can't open file '${parsed.script}': [Errno 2] No such file or directory\n`,
      files: [],
    };
  }
  const given =
    input instanceof Uint8Array
      ? input
      : readsStdin(parsed, tree, scriptPath ?? "")
        ? await input()
        : new Uint8Array(0);
  const { run, stdin } = withCodeFromStdin(parsed, given);
  const cwd = pathInSkill(place.cwd, place.roots);
  const base = { language: run.language, args: run.args, tree, stdin, ...(cwd ? { cwd } : {}) };
  if ("inline" in run) return io.subrun({ ...base, scriptPath: "", inline: run.inline });
  return io.subrun({ ...base, scriptPath: scriptPath ?? "" });
}
