/**
 * `npm run shell:compare [-- --bashkit DIR]`: runs the shell differential corpus
 * (test/corpus/sh-corpus) with the machine's dash/bash and with candidate interpreters in Node,
 * and prints how many cases each matches (stdout and exit status) and how fast it runs them.
 * This is how the built-in engine was chosen (docs/runtimes.md); the browser test suite
 * runs the same corpus through the real sandbox.
 *
 * Candidates: the built-in engine exactly as the shell worker runs it (just-bash with
 * scripts/shell/justBashPatches.ts), and bashkit when `--bashkit` names a folder where
 * `@everruns/bashkit` is installed (npm ships it as a native Node addon only, no browser build, so
 * it is not a dependency of this project).
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { scriptEnvironment } from "../../src/tools/environment.ts";
import {
  type CorpusCase,
  corpusDir,
  filesUnder,
  type NativeResult,
  readCases,
  runNative,
} from "../../test/helpers/corpus.ts";
import { builtinShellEngine } from "../../workers/shell/builtinEngine.ts";

const CORPUS = "sh-corpus";

interface Outcome {
  stdout: string;
  exitCode: number;
}

type Engine = (testCase: CorpusCase, files: Map<string, Buffer>) => Promise<Outcome>;

const builtin: Engine = async (testCase, files) => {
  let stdout = "";
  const sink = {
    write: (text: string) => {
      stdout += text;
    },
  };
  const result = await builtinShellEngine.run(
    {
      skillName: CORPUS,
      scriptPath: testCase.script,
      args: testCase.args,
      files: Object.fromEntries([...files].map(([path, data]) => [path, new Uint8Array(data)])),
      env: scriptEnvironment(CORPUS),
      memoryLimitBytes: 256 * 2 ** 20,
    } as Parameters<typeof builtinShellEngine.run>[0],
    {
      stdout: sink,
      stderr: { write: () => {} },
      note: () => {},
      subrun: async () => ({ stdout: "", stderr: "", exitCode: 127, files: [] }),
    } as unknown as Parameters<typeof builtinShellEngine.run>[1],
    new Int32Array(new SharedArrayBuffer(4)),
  );
  return { stdout, exitCode: result.exitCode };
};

interface BashkitModule {
  Bash: new (
    options: Record<string, unknown>,
  ) => {
    executeSync(script: string): { stdout: string; exitCode: number };
    writeFile?(path: string, content: string): void;
  };
}

function bashkitEngine(dir: string): Engine {
  const require = createRequire(join(dir, "package.json"));
  const { Bash } = require("@everruns/bashkit") as BashkitModule;
  return async (testCase, files) => {
    const root = `/skills/${CORPUS}`;
    const bash = new Bash({
      cwd: root,
      env: scriptEnvironment(CORPUS),
      files: Object.fromEntries(
        [...files].map(([path, data]) => [`${root}/${path}`, data.toString("utf8")]),
      ),
    });
    const quoted = [testCase.script, ...testCase.args].map(
      (a) => `'${a.replaceAll("'", "'\\''")}'`,
    );
    const result = bash.executeSync(
      `cd ${root} && ${testCase.shell === "bash" ? "bash" : "sh"} ${quoted.join(" ")}`,
    );
    return { stdout: result.stdout, exitCode: result.exitCode };
  };
}

const { values } = parseArgs({
  options: { bashkit: { type: "string" }, verbose: { type: "boolean" }, diff: { type: "boolean" } },
});
const engines: [string, Engine][] = [["built-in (just-bash + patches)", builtin]];
if (values.bashkit) engines.push(["bashkit", bashkitEngine(values.bashkit)]);

// Cases that call python3/node need the other runtimes: the browser suite covers them.
const cases = readCases(CORPUS).filter((c) => !c.crossRuntime);
const files = filesUnder(corpusDir(CORPUS));
const natives = cases.map((c) => runNative(CORPUS, c.shell === "bash" ? "bash" : "sh", c));
console.log(`${cases.length} cases, expectations from the machine's dash (sh cases) and bash`);
for (const [name, engine] of engines) {
  let matched = 0;
  const started = performance.now();
  const misses: string[] = [];
  for (const [index, testCase] of cases.entries()) {
    const native = natives[index] as NativeResult;
    let outcome: Outcome;
    try {
      outcome = await engine(testCase, files);
    } catch (error) {
      outcome = { stdout: `(threw ${String(error)})`, exitCode: -1 };
    }
    if (outcome.stdout === native.stdout && outcome.exitCode === native.exitCode) matched++;
    else {
      misses.push(`${testCase.script} ${JSON.stringify(testCase.args)}`);
      if (values.diff) {
        console.log(
          `--- ${testCase.script} ${JSON.stringify(testCase.args)}\nexpected (${native.exitCode}):\n${native.stdout}\ngot (${outcome.exitCode}):\n${outcome.stdout}`,
        );
      }
    }
  }
  const ms = (performance.now() - started) / cases.length;
  console.log(
    `${name}: ${matched} of ${cases.length} match (${((100 * matched) / cases.length).toFixed(1)}%), ${ms.toFixed(1)} ms per case`,
  );
  if (values.verbose) for (const miss of misses) console.log(`  differs: ${miss}`);
}
