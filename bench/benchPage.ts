import { createSkillbox } from "../src/app/skillbox";
import { runtimeAssetSources } from "../src/sandbox/host/runtimeAssets";
import { SandboxHost } from "../src/sandbox/host/sandboxHost";
import type { RunRequest } from "../src/sandbox/runtime";
import type { RunScriptResult } from "../src/tools/resultShaping";

/** One figure the page measured itself, in milliseconds (or MB for memory). */
export interface BenchFigure {
  name: string;
  value: number;
  unit: "ms" | "MB";
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(action: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await action();
  return [performance.now() - started, value];
}

/**
 * The Wasmer shell engine with the smallest possible "shell" (the WASI program echo_args, from
 * test/wasi): what the engine itself costs per run, whatever package a deployment configures.
 */
async function wasmerShellFigures(): Promise<BenchFigure[]> {
  const host = await SandboxHost.open({
    runtimes: runtimeAssetSources({
      shell: { engine: "wasmer", package: "/test-wasi/echo_args.wasm" },
    }).filter((source) => source.language === "shell"),
  });
  const run = () => {
    const request: RunRequest = {
      runId: crypto.randomUUID(),
      language: "shell",
      skillName: "bench",
      scriptPath: "hello.sh",
      args: [],
      files: { "hello.sh": new TextEncoder().encode("echo hello\n") },
      env: {},
      timeLimitMs: 30_000,
      maxOutputChars: 10_000,
    };
    return timed(async () => {
      const outcome = await host.run(request);
      if (outcome.exitCode !== 0) throw new Error(`wasmer engine: ${JSON.stringify(outcome)}`);
    });
  };
  const warm: number[] = [];
  for (let i = 0; i < 7; i++) {
    await sleep(3000);
    warm.push((await run())[0]);
  }
  await sleep(5000);
  const burst: number[] = [];
  for (let i = 0; i < 3; i++) burst.push((await run())[0]);
  return [
    {
      name: "shell on Wasmer (WASI echo program): warm run, median of 7",
      value: median(warm),
      unit: "ms",
    },
    {
      name: "shell on Wasmer: back-to-back runs (a boot each), median of 3",
      value: median(burst),
      unit: "ms",
    },
  ];
}

/**
 * Runs in Chromium started without DevTools (which slows Pyodide about 3×) and posts its figures
 * to the report URL given in the query string.
 */
async function main() {
  const report = new URL(location.href).searchParams.get("report")!;
  const figures: BenchFigure[] = [];
  const skillbox = createSkillbox();
  await skillbox.installSkill({
    files: {
      "bench/SKILL.md": "---\nname: bench\ndescription: Benchmark scripts.\n---\n",
      "bench/hello.py": "print('hello')\n",
      "bench/hello.js": "console.log('hello');\n",
      "bench/hello.sh": "echo hello\n",
      "bench/spin.py": "while True:\n    pass\n",
    },
  });
  const run = (script: string, timeLimitMs?: number) =>
    skillbox.callTool(
      "run_skill_script",
      { skill_name: "bench", script_path: script },
      timeLimitMs ? { timeLimitMs } : {},
    ) as Promise<RunScriptResult>;

  const [, first] = await timed(() => run("hello.py"));
  if (first.stdout !== "hello\n")
    throw new Error(`unexpected first result ${JSON.stringify(first)}`);
  figures.push({ name: "python: first run, from page load", value: performance.now(), unit: "ms" });

  for (const idleMs of [1500, 5000]) {
    const warm: number[] = [];
    for (let i = 0; i < 7; i++) {
      await sleep(idleMs);
      warm.push((await timed(() => run("hello.py")))[0]);
    }
    figures.push({
      name: `python: warm run, pool idle ${idleMs / 1000} s, median of 7`,
      value: median(warm),
      unit: "ms",
    });
  }

  for (const [language, script] of [
    ["javascript", "hello.js"],
    ["shell on just-bash (built-in)", "hello.sh"],
  ] as const) {
    const warm: number[] = [];
    for (let i = 0; i < 7; i++) {
      await sleep(1500);
      const [ms, result] = await timed(() => run(script));
      if (result.stdout !== "hello\n") throw new Error(`${script}: ${JSON.stringify(result)}`);
      warm.push(ms);
    }
    figures.push({ name: `${language}: warm run, median of 7`, value: median(warm), unit: "ms" });
  }

  const back: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(5000);
    const timedOut = await run("spin.py", 1000);
    if (!timedOut.timed_out) throw new Error("spin.py did not time out");
    back.push((await timed(() => run("hello.py")))[0]);
  }
  figures.push({
    name: "python: timeout to next successful run, median of 3",
    value: median(back),
    unit: "ms",
  });

  const burst: number[] = [];
  await sleep(5000);
  for (let i = 0; i < 3; i++) burst.push((await timed(() => run("hello.py")))[0]);
  figures.push({
    name: "python: back-to-back runs (a boot each), median of 3",
    value: median(burst),
    unit: "ms",
  });

  figures.push(...(await wasmerShellFigures()));

  await sleep(3000);
  await fetch(report, { method: "POST", body: JSON.stringify(figures) });
}

main().catch((error: unknown) =>
  fetch(new URL(location.href).searchParams.get("report")!, {
    method: "POST",
    body: JSON.stringify({ error: String(error) }),
  }),
);
