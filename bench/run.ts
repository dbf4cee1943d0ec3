import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { build, preview } from "vite";
import { CHROMIUM_FLAGS } from "../test/browser/app";
import { FIREFOX } from "../test/browser/engines/firefoxEngine";
import { MINIBROWSER } from "../test/browser/engines/webkitEngine";
import { buildTestPackageSet } from "../test/helpers/testPackageSet";
import type { BenchFigure } from "./benchPage";
import { POOLED_WORKER_MEMORY } from "./rows";
import { BENCH_SHELL_SCRIPTS } from "./shellScripts";

/** Resident memory of a process and all its descendants, in MB. */
function treeRssMb(rootPid: number): number {
  const rows = spawnSync("ps", ["-eo", "pid=,ppid=,rss="], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const pids = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (pids.has(ppid) && !pids.has(pid)) {
        pids.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid]) => pids.has(pid)).reduce((sum, [, , rss]) => sum + rss, 0) / 1024;
}

/** A browser the benchmark page runs in, started on a URL as a user would (no driver attached). */
interface BenchBrowser {
  name: string;
  version: string;
  /** Starts it in a fresh profile, in its own process group (so that all of it can be ended). */
  start(url: string): ChildProcess;
}

const freshProfile = () => mkdtempSync(join(tmpdir(), "skillbox-bench-"));
const versionOf = (command: string) =>
  spawnSync(command, ["--version"], { encoding: "utf8" }).stdout.trim() || `${command}: unknown`;
const detached = { stdio: "ignore", detached: true } as const;

const BROWSERS: BenchBrowser[] = [
  {
    name: "Chromium",
    version: versionOf("/usr/bin/chromium"),
    start: (url) =>
      spawn(
        "/usr/bin/chromium",
        [...CHROMIUM_FLAGS, `--user-data-dir=${freshProfile()}`, url],
        detached,
      ),
  },
  {
    name: "Firefox",
    version: versionOf(FIREFOX),
    start: (url) =>
      spawn(FIREFOX, ["--headless", "--no-remote", "--profile", freshProfile(), url], detached),
  },
  {
    name: "WebKit",
    version: `WebKitGTK ${versionOf("WebKitWebDriver").replace(/^\D*/, "")} MiniBrowser under Xvfb`,
    // Its memory figures include the Xvfb server's (a few MB, the same in each sample).
    start: (url) => spawn("xvfb-run", ["-a", MINIBROWSER, url], detached),
  },
];

function stop(browser: ChildProcess): void {
  if (browser.pid !== undefined) process.kill(-browser.pid, "SIGKILL");
}

/** Median wall time of a native command, for comparison in the same run. */
function nativeMs(command: string, args: string[], runs = 9): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = spawnSync(command, args, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** The built app served with its headers, and a collector the benchmark page reports to. */
async function startBench() {
  process.env.SKILLBOX_TEST_HOOKS = "1";
  // The app is built on the package's runtime folder, which a fresh clone does not have yet.
  const packaged = spawnSync("npm", ["run", "--silent", "build:package"], { stdio: "inherit" });
  if (packaged.status !== 0) throw new Error("npm run build:package failed; see above");
  await buildTestPackageSet();
  await build({ logLevel: "warn" });
  const app = await preview({ logLevel: "warn", preview: { host: "127.0.0.1", port: 4318 } });
  let onReport: (body: string) => void = () => {};
  let onSample: (name: string) => void = () => {};
  let currentStep = "loading the page";
  let pageStarted = performance.now();
  const collector = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && url.pathname === "/step") {
        currentStep = url.searchParams.get("name") ?? "";
        console.error(
          `  ${((performance.now() - pageStarted) / 1000).toFixed(0)} s: ${currentStep}`,
        );
      } else if (req.method === "POST" && url.pathname === "/sample") {
        onSample(url.searchParams.get("name") ?? "");
      } else if (req.method === "POST" && url.pathname === "/report") {
        onReport(body);
      }
      res.writeHead(204, { "Access-Control-Allow-Origin": "*" }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const reportUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/report`;
  const pageUrl = new URL("/bench/index.html", app.resolvedUrls!.local[0]);
  pageUrl.searchParams.set("report", reportUrl);

  /** Runs the benchmark page in one browser; the page reports its own figures. */
  async function figuresIn(browser: BenchBrowser): Promise<BenchFigure[]> {
    const blank = browser.start("about:blank");
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const blankRss = treeRssMb(blank.pid!);
    stop(blank);
    const samples = new Map<string, number>();
    currentStep = "loading the page";
    pageStarted = performance.now();
    console.error(`${browser.name}:`);
    const running = browser.start(pageUrl.href);
    onSample = (name) => samples.set(name, treeRssMb(running.pid!));
    const body = JSON.parse(
      await new Promise<string>((resolve) => {
        onReport = resolve;
        setTimeout(
          () =>
            resolve(
              JSON.stringify({ error: `no report in 8 minutes (stalled at: ${currentStep})` }),
            ),
          480_000,
        );
      }),
    ) as BenchFigure[] | { error: string };
    stop(running);
    if (!Array.isArray(body))
      throw new Error(`benchmark page failed in ${browser.name}: ${body.error}`);
    const before = samples.get("before-python-pool") ?? 0;
    const after = samples.get("after-python-pool");
    return [
      ...body,
      { name: "memory: browser RSS, about:blank", value: blankRss, unit: "MB" },
      { name: "memory: browser RSS, app idle with its pools", value: before, unit: "MB" },
      // Without the second sample the page has sent this row itself, saying why.
      ...(after === undefined
        ? []
        : [
            {
              name: POOLED_WORKER_MEMORY,
              value: (after - before) / 4,
              unit: "MB" as const,
              target: "≤ 150",
            },
          ]),
    ];
  }

  return {
    figuresIn,
    close: async () => {
      collector.close();
      await app.close();
    },
  };
}

/** Prints a plain text table, columns padded to their widest cell. */
function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ");
  console.log(line(header));
  console.log(line(widths.map((width) => "-".repeat(width))));
  for (const row of rows) console.log(line(row));
}

const format = (figure: BenchFigure | undefined) => {
  if (!figure) return "—";
  if (figure.failed) return "failed (below)";
  if (figure.unavailable) return `n/a: ${figure.unavailable}`;
  return `${figure.value.toFixed(figure.unit === "MB" ? 1 : 0)} ${figure.unit}`;
};

/** `npm run bench` measures in every browser; `npm run bench -- firefox webkit` in those named. */
async function main() {
  const named = process.argv.slice(2).map((name) => name.toLowerCase());
  const browsers = BROWSERS.filter(
    (b) => named.length === 0 || named.includes(b.name.toLowerCase()),
  );
  const dir = mkdtempSync(join(tmpdir(), "skillbox-native-"));
  writeFileSync(join(dir, "hello.py"), "print('hello')\n");
  writeFileSync(join(dir, "hello.js"), "console.log('hello')\n");
  for (const [name, text] of Object.entries(BENCH_SHELL_SCRIPTS)) {
    writeFileSync(join(dir, name), text);
  }
  const bench = await startBench();
  const figures = new Map<string, BenchFigure[]>();
  const failures: string[] = [];
  try {
    for (const browser of browsers) {
      // One browser's failure is reported under the table; the others' figures still count.
      try {
        figures.set(browser.name, await bench.figuresIn(browser));
      } catch (error) {
        failures.push(String(error));
      }
    }
  } finally {
    await bench.close();
  }
  const python3 = nativeMs("python3", [join(dir, "hello.py")]);
  const sh = nativeMs("sh", [join(dir, "hello.sh")]);
  const shPipeline = nativeMs("sh", [join(dir, "pipeline.sh")]);
  const childNatives: string[][] = [];
  const names = [...new Set([...figures.values()].flat().map((f) => f.name))];
  const find = (browser: string, prefix: string) =>
    figures.get(browser)?.find((f) => f.name.startsWith(prefix));
  const rows = names.map((name) => [
    name,
    ...browsers.map((b) => format(figures.get(b.name)?.find((f) => f.name === name))),
    [...figures.values()].flat().find((f) => f.name === name)?.target ?? "",
  ]);
  const ratio = (prefix: string, native: number, digits: number) =>
    browsers.map((b) => {
      const figure = find(b.name, prefix);
      return figure ? `${(figure.value / native).toFixed(digits)}×` : "—";
    });
  rows.push([
    "python: warm run / native python3",
    ...ratio("python: warm run", python3, 2),
    "≤ 0.25×",
  ]);
  rows.push(["shell: warm run / native sh", ...ratio("shell (built-in): warm run", sh, 1), "≤ 2×"]);
  rows.push([
    "shell on dash and toybox: warm run of hello.sh / native sh",
    ...ratio("shell on Wasmer (dash and toybox): warm run of hello.sh", sh, 0),
    "",
  ]);
  for (const [program, args] of [
    ["node", ["-e", "0"]],
    ["python3", ["-c", "pass"]],
    ["sh", ["-c", ":"]],
  ] as const) {
    const label = `spawnSync(${program} ${args.join(" ")})`;
    const native = nativeMs(program, [...args]);
    childNatives.push([`${label} from node, median of 9`, `${native.toFixed(1)} ms`]);
    rows.push([
      `child process: a Node script's ${label} / native`,
      ...ratio(`child process: a Node script's ${label}`, native, 1),
      "",
    ]);
  }
  rows.push([
    "shell on dash and toybox: warm run of pipeline.sh / native sh",
    ...ratio("shell on Wasmer (dash and toybox): warm run of pipeline.sh", shPipeline, 0),
    "",
  ]);
  console.log(
    `machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; browsers headless, no driver attached`,
  );
  for (const browser of browsers) console.log(`${browser.name}: ${browser.version}`);
  printTable(["measurement", ...browsers.map((b) => b.name), "target"], rows);
  console.log();
  const native: string[][] = [
    ["python3 hello.py, median of 9", `${python3.toFixed(0)} ms`],
    ["node hello.js, median of 9", `${nativeMs("node", [join(dir, "hello.js")]).toFixed(0)} ms`],
    ["sh hello.sh, median of 9", `${sh.toFixed(1)} ms`],
    ["sh pipeline.sh, median of 9", `${shPipeline.toFixed(1)} ms`],
    ...childNatives,
  ];
  for (const module of ["yaml", "openpyxl", "pypdf"]) {
    native.push([
      `Debian's python3 -c "import ${module}", median of 9`,
      `${nativeMs("/usr/bin/python3", ["-c", `import ${module}`]).toFixed(0)} ms`,
    ]);
  }
  printTable(["native process", "time"], native);
  for (const [browser, list] of figures) {
    for (const figure of list) {
      if (figure.failed) failures.push(`${browser}: ${figure.name}: ${figure.failed}`);
    }
  }
  for (const failure of failures) console.log(`\n${failure}`);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
