import { openDB } from "idb";
import { createSkillbox, type Skillbox } from "../src/index";
import { sandboxAssets } from "../src/sandbox/host/runtimeAssets";
import { SandboxHost } from "../src/sandbox/host/sandboxHost";
import { SNAPSHOT_DB } from "../src/sandbox/host/snapshotStore";
import type { RunRequest } from "../src/sandbox/runtime";
import { DEFAULT_ASSETS_URL } from "../src/sandbox/runtimeLayout";
import type { ShellEngineConfig } from "../src/sandbox/shellEngine";
import { DEFAULT_TOOL_LIMITS, runRequestLimits } from "../src/tools/limits";
import type { RunScriptResult } from "../src/tools/resultShaping";
import { type BigramTable, ENDLESS, TOOL_THEN_ANSWER, tinyGguf } from "../test/helpers/tinyGguf";
import { POOLED_WORKER_MEMORY } from "./rows";
import { BENCH_SHELL_SCRIPTS } from "./shellScripts";

/** One figure the page measured itself, in milliseconds (or MB for memory). */
export interface BenchFigure {
  name: string;
  value: number;
  unit: "ms" | "MB";
  /** What the figure should be, as the issue that set it says. */
  target?: string;
  /** Why it could not be measured in this browser (then `value` is NaN). */
  failed?: string;
  /**
   * Why this browser has no such figure, where that is the browser's nature rather than a fault
   * (a feature it lacks, an engine build too slow to measure in the time given); `value` is NaN.
   */
  unavailable?: string;
}

/** A section of the benchmark that could not be measured here, and why not. */
class Unavailable extends Error {}

/** The row of a section that gave no figures: n/a where it was {@link Unavailable}, failed otherwise. */
function notMeasured(name: string, error: unknown): BenchFigure {
  const row = { name, value: Number.NaN, unit: "ms" as const };
  return error instanceof Unavailable
    ? { ...row, unavailable: error.message }
    : { ...row, failed: String(error) };
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
 * The Wasmer shell engine, on `shell`: with the smallest possible "shell" (the WASI program
 * echo_args, from test/wasi), what the engine itself costs per run; with dash and toybox, what a
 * script costs, alone and with processes of its own (bench/run.ts compares both with native sh).
 */
async function wasmerShellFigures(
  label: string,
  shell: ShellEngineConfig,
  scripts: readonly (keyof typeof BENCH_SHELL_SCRIPTS)[],
): Promise<BenchFigure[]> {
  const { frameModuleUrl, runtimes } = sandboxAssets({ assetsUrl: DEFAULT_ASSETS_URL, shell });
  const host = await SandboxHost.open({
    frameModuleUrl,
    runtimes: runtimes.filter((source) => source.language === "shell"),
  });
  const run = (scriptPath: keyof typeof BENCH_SHELL_SCRIPTS) => {
    const request: RunRequest = {
      runId: crypto.randomUUID(),
      language: "shell",
      skillName: "bench",
      scriptPath,
      args: [],
      files: { [scriptPath]: new TextEncoder().encode(BENCH_SHELL_SCRIPTS[scriptPath]) },
      env: {},
      timeLimitMs: 30_000,
      ...runRequestLimits(DEFAULT_TOOL_LIMITS),
      maxOutputChars: 10_000,
    };
    return timed(async () => {
      const outcome = await host.run(request);
      if (outcome.exitCode !== 0) throw new Error(`${label}: ${JSON.stringify(outcome)}`);
    });
  };
  const figures: BenchFigure[] = [];
  for (const script of scripts) {
    const warm: number[] = [];
    for (let i = 0; i < 7; i++) {
      await sleep(3000);
      warm.push((await run(script))[0]);
    }
    figures.push({
      name: `${label}: warm run of ${script}, median of 7`,
      value: median(warm),
      unit: "ms",
    });
  }
  await sleep(5000);
  const burst: number[] = [];
  for (let i = 0; i < 3; i++) burst.push((await run(scripts[0]!))[0]);
  host.dispose();
  figures.push({
    name: `${label}: back-to-back runs (a boot each), median of 3`,
    value: median(burst),
    unit: "ms",
  });
  return figures;
}

/**
 * The in-browser model on the tests' generated tiny GGUF (0.5 MB, 2 layers 64 wide, byte-level
 * vocabulary): what the engine and the loop around it cost, apart from any real model's weight.
 */
async function localModelFigures(skillbox: Skillbox): Promise<BenchFigure[]> {
  await skillbox.ready;
  const unsupported = await skillbox.localModels.unsupported();
  if (unsupported) throw new Unavailable(unsupported);
  await skillbox.installSkill({
    files: {
      "relay/SKILL.md": "---\nname: relay\ndescription: Relays.\n---\n",
      "relay/r.js": "console.log('relayed');\n",
    },
  });
  const store = async (name: string, table: BigramTable) =>
    skillbox.localModels.add(new File([tinyGguf({ name, table })], `${name}.gguf`));
  const caller = await store("bench-caller", TOOL_THEN_ANSWER);
  const chatter = await store("bench-chatter", ENDLESS);
  const loads: number[] = [];
  for (const model of [caller, chatter, caller])
    loads.push((await skillbox.localModels.load(model.id)).loadMs);
  await skillbox.chat.setEndpoint({
    protocol: "local",
    baseUrl: "",
    model: caller.id,
    apiKey: "",
    stream: true,
  });
  const turns: number[] = [];
  for (let i = 0; i < 3; i++) {
    await skillbox.chat.clear();
    const [ms, outcome] = await timed(() => skillbox.chat.send("Please relay this."));
    const last = (await skillbox.chat.transcript()).at(-1);
    if (outcome.error || last?.role !== "assistant" || last.text !== "Done!")
      throw new Error(`local model turn: ${JSON.stringify({ outcome, last })}`);
    turns.push(ms);
  }
  await skillbox.chat.setEndpoint({
    protocol: "local",
    baseUrl: "",
    model: chatter.id,
    apiKey: "",
    stream: true,
  });
  await skillbox.localModels.load(chatter.id);
  await skillbox.chat.clear();
  let firstToken = 0;
  let characters = 0;
  const started = performance.now();
  await skillbox.chat.send("Talk.", (_, streaming) => {
    if (streaming && !firstToken) firstToken = performance.now() - started;
    characters = Math.max(characters, streaming.length);
  });
  const generation = performance.now() - started - firstToken;
  return [
    {
      name: "in-browser model (tiny GGUF): load from storage, median of 3",
      value: median(loads),
      unit: "ms",
    },
    {
      name: "in-browser model: agent turn (grammar call, .js run, answer; ~6,000-token prompt), median of 3",
      value: median(turns),
      unit: "ms",
    },
    { name: "in-browser model: first streamed token of a reply", value: firstToken, unit: "ms" },
    {
      name: `in-browser model: per generated token (${characters} tokens)`,
      value: generation / Math.max(1, characters - 1),
      unit: "ms",
    },
  ];
}

const SNAPSHOT_WAIT_MS = 60_000;
/**
 * Time for the in-browser model's section. WebKit runs the engine's compatibility build (no
 * memory64, no JSPI), which had not finished it when the runner gave up on the page (8 minutes
 * in all): the rest of the page's figures were lost with it.
 */
const LOCAL_MODEL_BUDGET_MS = 120_000;

/** `work`, or an {@link Unavailable} once `ms` have passed without it. */
function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Unavailable(`not finished in ${ms / 1000} s in this browser`)),
      ms,
    );
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The figures a phase measured, kept for the next phase across the reload. */
const CARRIED = "skillbox-bench-figures";

const params = new URL(location.href).searchParams;
const reportUrl = params.get("report")!;

/** Asks the runner to sample the browser's memory now, under `name`; resolves once it has. */
async function sampleMemory(name: string): Promise<void> {
  await fetch(new URL(`/sample?name=${encodeURIComponent(name)}`, reportUrl), { method: "POST" });
}

/**
 * Tells the runner which step starts now, so a browser that stalls is reported with the step it
 * stalled in rather than as a silent page.
 */
function step(name: string): void {
  void fetch(new URL(`/step?name=${encodeURIComponent(name)}`, reportUrl), { method: "POST" });
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string) {
  const until = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

async function storedSnapshots(): Promise<number> {
  const names = (await indexedDB.databases()).map((d) => d.name);
  if (!names.includes(SNAPSHOT_DB)) return 0;
  const db = await openDB(SNAPSHOT_DB);
  try {
    return await db.count("snapshots");
  } finally {
    db.close();
  }
}

type Run = (script: string, timeLimitMs?: number) => Promise<RunScriptResult>;

/** Median of 7 runs spaced out so that each finds its pool topped up again. */
async function warmRunMs(run: Run, script: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    await sleep(1500);
    times.push((await timed(() => run(script)))[0]);
  }
  return median(times);
}

async function sequential(run: Run, script: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const [ms, result] = await timed(() => run(script));
    if (result.stdout !== "hello\n") throw new Error(`${script}: ${JSON.stringify(result)}`);
    times.push(ms);
  }
  return median(times);
}

/** Memory of idle pooled Python workers: the browser's RSS before and after four more boot. */
async function pythonWorkerMemory(): Promise<void> {
  await sampleMemory("before-python-pool");
  const { frameModuleUrl, runtimes } = sandboxAssets({ assetsUrl: DEFAULT_ASSETS_URL });
  const host = await SandboxHost.open({
    frameModuleUrl,
    runtimes: runtimes
      .filter((source) => source.language === "python")
      .map((source) => ({ ...source, poolSize: 4 })),
  });
  try {
    await waitFor(
      async () => (await host.status()).pools.python?.ready === 4,
      120_000,
      "four pooled Python workers",
    );
    await sleep(2000);
    await sampleMemory("after-python-pool");
  } finally {
    host.dispose();
  }
}

/** The test package set's packages (bench/run.ts builds it), by the module a script imports. */
const BENCH_PACKAGES = { yaml: "pyyaml", openpyxl: "openpyxl", pypdf: "pypdf" };

/**
 * A run that imports one package, from the package set (installed and imported in the run) and
 * preloaded into the memory snapshot: each a median of 3 whole calls.
 */
async function pythonPackageFigures(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const files: Record<string, string> = {
    "packages/SKILL.md": "---\nname: packages\ndescription: Package imports.\n---\n",
  };
  for (const module of Object.keys(BENCH_PACKAGES))
    files[`packages/import_${module}.py`] = `import ${module}\n`;
  for (const preloaded of [false, true]) {
    const skillbox = createSkillbox({
      assetsUrl: DEFAULT_ASSETS_URL,
      storage: "memory",
      eager: ["python"],
      python: {
        packagesUrl: "/python-packages/",
        preload: preloaded ? Object.values(BENCH_PACKAGES) : [],
      },
    });
    await skillbox.ready;
    await skillbox.installSkill({ files });
    // Later boots restore the snapshot; the first one made it.
    await sleep(8000);
    for (const [module, distribution] of Object.entries(BENCH_PACKAGES)) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        await sleep(1500);
        const [ms, result] = await timed(
          () =>
            skillbox.callTool("run_skill_script", {
              skill_name: "packages",
              script_path: `import_${module}.py`,
            }) as Promise<RunScriptResult>,
        );
        if (result.exit_code !== 0) throw new Error(`import ${module}: ${JSON.stringify(result)}`);
        times.push(ms);
      }
      figures.push({
        name: `python: run importing ${distribution}, ${preloaded ? "preloaded in the snapshot" : "loaded per run"}, median of 3`,
        value: median(times),
        unit: "ms",
      });
    }
    skillbox.dispose();
  }
  return figures;
}

/**
 * Runs in a browser started without DevTools or a driver (DevTools slows Pyodide about 3×) and
 * posts its figures to the report URL given in the query string. Two phases: a first visit, then
 * a reload of the same profile (the repeat visit, with the stored Python snapshot), which
 * measures the rest.
 */
/** The child processes a Node script starts, each timed five times from inside the script. */
const CHILD_PROCESSES = [
  ["node", ["-e", "0"]],
  ["python3", ["-c", "pass"]],
  ["sh", ["-c", ":"]],
] as const;

const CHILDREN_SCRIPT = `const { spawnSync } = require("child_process");
const medians = {};
for (const [program, args] of ${JSON.stringify(CHILD_PROCESSES)}) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const child = spawnSync(program, args);
    if (child.status !== 0) throw new Error(program + " failed: " + child.stderr);
    times.push(performance.now() - started);
  }
  medians[program] = times.sort((a, b) => a - b)[2];
}
console.log(JSON.stringify(medians));
`;

/** A Node script's spawnSync of each interpreter; only where a script can wait (shared memory). */
async function childProcessFigures(run: Run): Promise<BenchFigure[]> {
  const result = await run("children.js");
  if (result.exit_code !== 0) throw new Error(`children.js: ${JSON.stringify(result)}`);
  const medians = JSON.parse(result.stdout) as Record<string, number>;
  return CHILD_PROCESSES.map(([program, args]) => ({
    name: `child process: a Node script's spawnSync(${program} ${args.join(" ")}), median of 5`,
    value: medians[program] ?? Number.NaN,
    unit: "ms" as const,
  }));
}

async function main() {
  const repeat = params.get("phase") === "repeat";
  const figures: BenchFigure[] = repeat
    ? (JSON.parse(sessionStorage.getItem(CARRIED) ?? "[]") as BenchFigure[])
    : [];
  // The built-in shell here, pinned: the default picks the Wasmer engine where the page is
  // isolated, and that engine has rows of its own below.
  const skillbox = createSkillbox({
    assetsUrl: DEFAULT_ASSETS_URL,
    shell: { engine: "builtin" },
  });
  if (!repeat) {
    await skillbox.installSkill({
      files: {
        "bench/SKILL.md": "---\nname: bench\ndescription: Benchmark scripts.\n---\n",
        "bench/hello.py": "print('hello')\n",
        "bench/hello.js": "console.log('hello');\n",
        "bench/hello.sh": "echo hello\n",
        "bench/spin.py": "while True:\n    pass\n",
        "bench/children.js": CHILDREN_SCRIPT,
      },
    });
  }
  const run: Run = (script, timeLimitMs) =>
    skillbox.callTool(
      "run_skill_script",
      { skill_name: "bench", script_path: script },
      timeLimitMs ? { timeLimitMs } : {},
    ) as Promise<RunScriptResult>;

  step(repeat ? "repeat visit: first Python run" : "first visit: first Python run");
  const first = await run("hello.py");
  if (first.stdout !== "hello\n")
    throw new Error(`unexpected first result ${JSON.stringify(first)}`);
  const firstMs = performance.now();
  if (!repeat) {
    figures.push({
      name: "python: page load → first result, first visit",
      value: firstMs,
      unit: "ms",
      target: "≤ 3000",
    });
    step("first visit: waiting for the stored Python snapshot");
    await waitFor(async () => (await storedSnapshots()) > 0, SNAPSHOT_WAIT_MS, "the snapshot");
    sessionStorage.setItem(CARRIED, JSON.stringify(figures));
    const next = new URL(location.href);
    next.searchParams.set("phase", "repeat");
    location.replace(next.href);
    return;
  }
  const { pythonSnapshotFromStorage } = await skillbox.status();
  figures.push({
    name: `python: page load → first result, repeat visit${pythonSnapshotFromStorage ? "" : " (NO stored snapshot)"}`,
    value: firstMs,
    unit: "ms",
    target: "≤ 1000",
  });

  step("warm runs");
  await sleep(3000);
  figures.push({
    name: "python: warm run (pool ready), median of 7",
    value: await warmRunMs(run, "hello.py"),
    unit: "ms",
    target: "≤ 0.25 × python3",
  });
  figures.push({
    name: "shell (built-in): warm run (pool ready), median of 7",
    value: await warmRunMs(run, "hello.sh"),
    unit: "ms",
    target: "≤ 2 × sh",
  });

  for (const [label, script, target] of [
    ["python", "hello.py", "≤ 300"],
    ["javascript", "hello.js", "≤ 50"],
    ["shell (built-in)", "hello.sh", "≤ 50"],
  ] as const) {
    step(`${label}: 20 sequential calls`);
    await sleep(5000);
    figures.push({
      name: `${label}: 20 sequential calls, median per call`,
      value: await sequential(run, script, 20),
      unit: "ms",
      target,
    });
  }

  step("python: timeouts");
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

  // The Wasmer engine and a script's spawnSync need SharedArrayBuffer; a browser without it
  // gets n/a rows.
  if ((await skillbox.status()).features.sharedMemory) {
    step("child processes");
    figures.push(
      ...(await childProcessFigures(run).catch((error: unknown) => [
        notMeasured("child process", error),
      ])),
    );
    step("shell on Wasmer");
    figures.push(
      ...(await wasmerShellFigures(
        "shell on Wasmer (WASI echo program)",
        { engine: "wasmer", package: "/test-wasi/echo_args.wasm" },
        ["hello.sh"],
      )),
      ...(await wasmerShellFigures("shell on Wasmer (dash and toybox)", { engine: "wasmer" }, [
        "hello.sh",
        "pipeline.sh",
      ])),
    );
  } else {
    figures.push({
      name: "shell on Wasmer",
      value: Number.NaN,
      unit: "ms",
      unavailable: "no SharedArrayBuffer here, so .sh runs on the built-in shell",
    });
    figures.push({
      name: "child process: a Node script's spawnSync",
      value: Number.NaN,
      unit: "ms",
      unavailable: "no SharedArrayBuffer here, so a script cannot wait for a child",
    });
  }
  step("python packages");
  figures.push(
    ...(await pythonPackageFigures().catch((error: unknown) => [
      notMeasured("python: package runs", error),
    ])),
  );
  step("in-browser model");
  const modelHost = createSkillbox({ assetsUrl: DEFAULT_ASSETS_URL, storage: "memory" });
  figures.push(
    ...(await withinBudget(localModelFigures(modelHost), LOCAL_MODEL_BUDGET_MS)
      .catch((error: unknown) => [notMeasured("in-browser model", error)])
      .finally(() => modelHost.dispose())),
  );
  step("memory of pooled Python workers");
  const poolMissing = await pythonWorkerMemory().then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  if (poolMissing) {
    figures.push({
      name: POOLED_WORKER_MEMORY,
      value: Number.NaN,
      unit: "MB",
      unavailable: poolMissing,
    });
  }

  await sleep(3000);
  await fetch(reportUrl, { method: "POST", body: JSON.stringify(figures) });
}

main().catch((error: unknown) =>
  fetch(reportUrl, { method: "POST", body: JSON.stringify({ error: String(error) }) }),
);
