import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { build, preview } from "vite";
import { CHROMIUM_FLAGS } from "../test/browser/app";
import { buildTestPackageSet } from "../test/helpers/testPackageSet";
import type { BenchFigure } from "./benchPage";

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

/** Starts Chromium on a URL as a user would (no DevTools connection). */
function startChromium(url: string) {
  const profile = mkdtempSync(join(tmpdir(), "skillbox-bench-"));
  return spawn("/usr/bin/chromium", [...CHROMIUM_FLAGS, `--user-data-dir=${profile}`, url], {
    stdio: "ignore",
  });
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

const CHROMIUM_VERSION = spawnSync("/usr/bin/chromium", ["--version"], {
  encoding: "utf8",
}).stdout.trim();

async function browserFigures(): Promise<BenchFigure[]> {
  process.env.SKILLBOX_TEST_HOOKS = "1";
  await buildTestPackageSet();
  await build({ logLevel: "warn" });
  const app = await preview({ logLevel: "warn", preview: { host: "127.0.0.1", port: 4318 } });
  let resolveReport!: (body: string) => void;
  const reported = new Promise<string>((resolve) => {
    resolveReport = resolve;
  });
  const samples = new Map<string, number>();
  let chromium: ReturnType<typeof startChromium> | undefined;
  const collector = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && url.pathname === "/sample" && chromium?.pid) {
        samples.set(url.searchParams.get("name") ?? "", treeRssMb(chromium.pid));
      } else if (req.method === "POST" && url.pathname === "/report") {
        resolveReport(body);
      }
      res.writeHead(204, { "Access-Control-Allow-Origin": "*" }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, "127.0.0.1", resolve));
  const reportUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/report`;
  const pageUrl = new URL("/bench/index.html", app.resolvedUrls!.local[0]);
  pageUrl.searchParams.set("report", reportUrl);
  const blank = startChromium("about:blank");
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const blankRss = treeRssMb(blank.pid!);
  blank.kill();
  // No DevTools connection: the page reports its own figures.
  chromium = startChromium(pageUrl.href);
  const timeout = setTimeout(
    () => resolveReport(JSON.stringify({ error: "no report in 8 minutes" })),
    480_000,
  );
  const body = JSON.parse(await reported) as BenchFigure[] | { error: string };
  clearTimeout(timeout);
  chromium.kill();
  collector.close();
  await app.close();
  if (!Array.isArray(body)) throw new Error(`benchmark page failed: ${body.error}`);
  const before = samples.get("before-python-pool") ?? 0;
  const after = samples.get("after-python-pool") ?? 0;
  return [
    ...body,
    { name: "memory: Chromium RSS, about:blank", value: blankRss, unit: "MB" },
    { name: "memory: Chromium RSS, app idle with its pools", value: before, unit: "MB" },
    {
      name: "memory: per idle pooled Python worker (RSS growth for 4, ÷ 4)",
      value: (after - before) / 4,
      unit: "MB",
      target: "≤ 150",
    },
  ];
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "skillbox-native-"));
  writeFileSync(join(dir, "hello.py"), "print('hello')\n");
  writeFileSync(join(dir, "hello.js"), "console.log('hello')\n");
  writeFileSync(join(dir, "hello.sh"), "echo hello\n");
  const figures = await browserFigures();
  const python3 = nativeMs("python3", [join(dir, "hello.py")]);
  const rows: [string, string, string][] = figures.map((f) => [
    f.name,
    `${f.value.toFixed(f.unit === "MB" ? 1 : 0)} ${f.unit}`,
    f.target ?? "",
  ]);
  const warm = figures.find((f) => f.name.startsWith("python: warm run"));
  if (warm)
    rows.push([
      "python: warm run / native python3",
      `${(warm.value / python3).toFixed(2)}×`,
      "≤ 0.25×",
    ]);
  rows.push(["native: python3 hello.py, median of 9", `${python3.toFixed(0)} ms`, ""]);
  rows.push([
    "native: node hello.js, median of 9",
    `${nativeMs("node", [join(dir, "hello.js")]).toFixed(0)} ms`,
    "",
  ]);
  const sh = nativeMs("sh", [join(dir, "hello.sh")]);
  rows.push(["native: sh hello.sh, median of 9", `${sh.toFixed(1)} ms`, ""]);
  const warmShell = figures.find((f) => f.name.startsWith("shell (built-in): warm run"));
  if (warmShell) {
    rows.push(["shell: warm run / native sh", `${(warmShell.value / sh).toFixed(1)}×`, "≤ 2×"]);
  }
  for (const module of ["yaml", "openpyxl", "pypdf"]) {
    rows.push([
      `native: Debian's python3 -c "import ${module}", median of 9`,
      `${nativeMs("/usr/bin/python3", ["-c", `import ${module}`]).toFixed(0)} ms`,
      "",
    ]);
  }
  console.log(
    `machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; ${CHROMIUM_VERSION}, headless, no DevTools`,
  );
  const width = Math.max(...rows.map(([name]) => name.length));
  const valueWidth = Math.max(5, ...rows.map(([, value]) => value.length));
  console.log(`${"measurement".padEnd(width)} | ${"value".padEnd(valueWidth)} | target`);
  console.log(`${"-".repeat(width)} | ${"-".repeat(valueWidth)} | ------`);
  for (const [name, value, target] of rows) {
    console.log(`${name.padEnd(width)} | ${value.padEnd(valueWidth)} | ${target}`);
  }
}

await main();
