import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import type { ToolError } from "../../src/tools/skillTools";
import { type StaticServer, startStaticServer } from "../helpers/staticServer";
import {
  installSkill,
  installTestSkill,
  launchChromium,
  openApp,
  runScript,
  waitForServiceWorker,
} from "./app";

/** A raw TCP listener on loopback: counts every connection, whatever protocol it would carry. */
async function startConnectionCounter(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let count = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let browser: Browser;
let page: Page;
let counter: Awaited<ReturnType<typeof startConnectionCounter>>;

/**
 * Marks this file's browser process, so its renderers can be told from those of the browsers of
 * other test files running at the same time (Chromium ignores a flag it does not know).
 */
const BROWSER_TAG = `--skillbox-test-browser=${process.pid}-${Date.now()}`;

beforeAll(async () => {
  browser = await launchChromium([BROWSER_TAG]);
  counter = await startConnectionCounter();
  page = await openApp(browser);
});

afterAll(async () => {
  await browser?.close();
  await counter?.close();
});

const run = (skill: string, script: string, args: string[] = [], timeLimitMs?: number) =>
  runScript(page, skill, script, args, timeLimitMs ? { timeLimitMs } : {}) as Promise<
    RunScriptResult & Partial<ToolError>
  >;

describe("output files never act", () => {
  /** Every way a document can make the browser connect somewhere, to a DNS-shaped host name. */
  const leakyFiles = (port: number) => {
    const host = `x736563726574.localhost:${port}`;
    const html = `<!doctype html><html><head>
<link rel="preconnect" href="http://${host}/">
<link rel="dns-prefetch" href="http://${host}/">
<link rel="prefetch" href="http://${host}/prefetch">
<link rel="preload" as="image" href="http://${host}/preload">
<link rel="stylesheet" href="http://${host}/style.css">
<script src="http://${host}/script.js"></script>
</head><body><img src="http://${host}/img.png"><iframe src="http://${host}/frame"></iframe>
<a href="http://${host}/link">link</a></body></html>`;
    return {
      "out/report.html": html,
      "out/report.htm": html,
      "out/logo.svg": `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image href="http://${host}/svg.png" width="10" height="10"/><script href="http://${host}/svg.js"/></svg>`,
      "out/feed.xml": `<?xml version="1.0"?><?xml-stylesheet type="text/xsl" href="http://${host}/feed.xsl"?><feed/>`,
      "out/paper.pdf": `%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/URI/URI(http://${host}/pdf)>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    };
  };

  test("opening HTML, SVG, XML and PDF outputs makes no connection; each is text or a download", async () => {
    const files = Object.fromEntries(
      Object.entries(leakyFiles(counter.port)).map(([path, text]) => [`data/${path}`, text]),
    );
    const writer =
      "import os, shutil\nos.makedirs('out', exist_ok=True)\nfor name in os.listdir('data/out'):\n    shutil.copy(f'data/out/{name}', f'out/{name}')\n";
    await installTestSkill(page, "leaky-output", { ...files, "scripts/write.py": writer });
    const result = await run("leaky-output", "scripts/write.py");
    expect(result.exit_code).toBe(0);
    expect(result.files).toHaveLength(5);

    await waitForServiceWorker(page);
    const served = await page.evaluate(async (urls) => {
      const heads: Record<string, [string, string]> = {};
      for (const url of urls) {
        const response = await fetch(url);
        heads[url.slice(url.lastIndexOf("/") + 1)] = [
          response.headers.get("Content-Type") ?? "",
          response.headers.get("Content-Disposition") ?? "",
        ];
      }
      return heads;
    }, result.files);
    expect(served["report.html"]).toEqual(["text/plain; charset=utf-8", ""]);
    expect(served["logo.svg"]).toEqual(["text/plain; charset=utf-8", ""]);
    expect(served["feed.xml"]).toEqual(["text/plain; charset=utf-8", ""]);
    expect(served["paper.pdf"]).toEqual([
      "application/pdf",
      "attachment; filename*=UTF-8''paper.pdf",
    ]);

    for (const url of result.files) {
      const tab = await page.context().newPage();
      await tab.goto(url).catch(() => {}); // a download aborts the navigation
      await tab.waitForTimeout(1000);
      await tab.close();
    }
    // The same files downloaded on request are attachments: saved, never rendered.
    const download = await page.evaluate(
      async (url) => (await fetch(`${url}?download`)).headers.get("Content-Disposition"),
      result.files[0]!,
    );
    expect(download).toMatch(/^attachment;/);
    expect(counter.connections()).toBe(0);
  });
});

describe("a run's loopback network is its own", () => {
  /**
   * A script that first calls the machine's own listener (its port passed in), by net, http and
   * fetch, then serves HTTP on that same port number and calls itself there.
   */
  const loopbackProbe = [
    "const net = require('net');",
    "const http = require('http');",
    "const port = Number(process.argv[2]);",
    "const failed = (label) => (e) => label + ': ' + (e.cause?.code ?? e.code);",
    "const attempt = (label, start) => new Promise((done) => start(done, (e) => done(failed(label)(e))));",
    "(async () => {",
    "  const outside = await Promise.all([",
    "    attempt('net', (done, fail) => net.connect(port, '127.0.0.1', () => done('net: connected')).on('error', fail)),",
    "    attempt('http', (done, fail) => http.get('http://127.0.0.1:' + port + '/', () => done('http: answered')).on('error', fail)),",
    "    fetch('http://localhost:' + port + '/').then(() => 'fetch: answered', failed('fetch')),",
    "  ]);",
    "  const server = http.createServer((req, res) => res.end('inside ' + req.url));",
    "  await new Promise((listening) => server.listen(port, '127.0.0.1', listening));",
    "  const inside = await (await fetch('http://127.0.0.1:' + port + '/self')).text();",
    "  server.close();",
    "  console.log(JSON.stringify({ outside, inside }));",
    "})();",
  ].join("\n");

  test("a script's server and client meet inside the run; the machine's listener on that port hears nothing", async () => {
    await installTestSkill(page, "loopback", { "scripts/probe.js": loopbackProbe });
    const before = counter.connections();
    const result = await run("loopback", "scripts/probe.js", [String(counter.port)]);
    expect(result.exit_code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      outside: ["net: ECONNREFUSED", "http: ECONNREFUSED", "fetch: ECONNREFUSED"],
      inside: "inside /self",
    });
    expect(counter.connections()).toBe(before);
  });
});

describe("a bounded output store", () => {
  test("a 20,000-file run keeps 100 with a note; later runs and earlier files are unharmed", async () => {
    await installTestSkill(page, "many-files", {
      "scripts/many.py":
        "import os, sys\nn = int(sys.argv[1])\nos.makedirs('out', exist_ok=True)\nfor i in range(n):\n    open(f'out/f{i:05}.txt', 'w').write(str(i))\nprint('wrote', n)\n",
    });
    const before = await run("many-files", "scripts/many.py", ["1"]);
    expect(before.files).toHaveLength(1);

    const flood = await run("many-files", "scripts/many.py", ["20000"], 60_000);
    expect(flood.exit_code).toBe(0);
    expect(flood.stdout).toBe("wrote 20000\n");
    expect(flood.files_total ?? flood.files.length).toBe(100);
    expect(flood.sandbox_notes?.join("\n")).toMatch(
      /past the run's limit of 100 files .* not kept: 19900 files/,
    );
    expect(JSON.stringify(flood).length).toBeLessThanOrEqual(30_000);

    const after = await run("many-files", "scripts/many.py", ["2"]);
    expect(after.exit_code).toBe(0);
    expect(after.files).toHaveLength(2);
    const statuses = await page.evaluate(
      async (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status)),
      [...before.files, ...after.files],
    );
    expect(statuses).toEqual([200, 200, 200]);
  });

  test("past the per-run bytes every URL returned still opens; the rest are counted", async () => {
    await installTestSkill(page, "big-files", {
      "scripts/big.py":
        "import os\nos.makedirs('out', exist_ok=True)\nfor i in range(3):\n    open(f'out/b{i}.bin', 'wb').write(bytes([i]) * (30 << 20))\n",
    });
    const result = await run("big-files", "scripts/big.py", [], 60_000);
    expect(result.exit_code).toBe(0);
    expect(result.files).toHaveLength(1);
    expect(result.sandbox_notes?.join("\n")).toMatch(/not kept: 2 files, 60\.0 MiB/);
    const sizes = await page.evaluate(
      async (urls) =>
        Promise.all(urls.map(async (u) => (await (await fetch(u)).arrayBuffer()).byteLength)),
      result.files,
    );
    expect(sizes).toEqual([30 << 20]);
  });
});

describe("one memory budget per run", () => {
  test("JavaScript filling files in a loop is stopped at the budget, not the machine", async () => {
    const fill = (mb: number) =>
      `const fs = require('fs');\nconst b = Buffer.alloc(${mb} << 20, 1);\nfor (let i = 0; ; i++) fs.writeFileSync('f' + i, b);\n`;
    await installTestSkill(page, "js-memory", {
      "scripts/small.js": fill(8),
      "scripts/large.js": fill(64),
    });
    // Files count against the budget: the run ends when they would leave the heap too little.
    const small = await run("js-memory", "scripts/small.js", [], 30_000);
    expect(small.timed_out).toBe(false);
    expect(small.exit_code).toBe(1);
    expect(small.sandbox_notes?.join("\n")).toMatch(
      /stopped: the run reached its memory limit of 512\.0 MiB \(its files held 4\d\d\.0 MiB\)/,
    );
    // And the heap's cap shrinks as the files grow: the next copy no longer fits.
    const large = await run("js-memory", "scripts/large.js", [], 30_000);
    expect(large.timed_out).toBe(false);
    expect(large.exit_code).toBe(1);
    expect(large.stderr).toMatch(/InternalError: out of memory/);
  });

  test("Python filling files or the heap gets ENOSPC or MemoryError within the budget", async () => {
    await installTestSkill(page, "py-memory", {
      "scripts/files.py":
        "b = b'x' * (64 << 20)\ni = 0\nwhile True:\n    open(f'f{i}', 'wb').write(b)\n    i += 1\n",
      "scripts/heap.py": "x = []\nwhile True:\n    x.append(bytearray(64 << 20))\n",
    });
    const files = await run("py-memory", "scripts/files.py", [], 30_000);
    expect(files.timed_out).toBe(false);
    expect(files.exit_code).toBe(1);
    expect(files.stderr).toMatch(/OSError: \[Errno \d+\] No space left on device/);
    expect(files.sandbox_notes?.join("\n")).toMatch(
      /^refused memory: the run reached its memory limit of 512\.0 MiB/,
    );
    const heap = await run("py-memory", "scripts/heap.py", [], 30_000);
    expect(heap.exit_code).toBe(1);
    expect(heap.stderr).toMatch(/MemoryError/);
    // The runtime is still good for the next run.
    const next = await run("py-memory", "scripts/files.py", [], 30_000);
    expect(next.stderr).toMatch(/No space left on device/);
  });
});

/**
 * Memory of this file's Chromium renderer processes together, in bytes: those descended from the
 * browser process started with {@link BROWSER_TAG}. Counting every renderer on the machine let
 * another test file's browser, busy at the same time, fail this file's bounds.
 */
function rendererRss(): number {
  const processes: { pid: number; parent: number; cmdline: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      processes.push({ pid: Number(entry), parent, cmdline });
    } catch {
      // The process ended while it was read.
    }
  }
  const ours = new Set(
    processes
      .filter((p) => p.cmdline.includes(BROWSER_TAG) && !p.cmdline.includes("--type="))
      .map((p) => p.pid),
  );
  for (let grown = true; grown; ) {
    grown = false;
    for (const p of processes) {
      if (!ours.has(p.pid) && ours.has(p.parent)) {
        ours.add(p.pid);
        grown = true;
      }
    }
  }
  let total = 0;
  for (const p of processes) {
    if (!ours.has(p.pid) || !p.cmdline.includes("--type=renderer")) continue;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.pid}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0) * 1024;
    } catch {
      // The process ended while it was read.
    }
  }
  if (ours.size === 0) throw new Error(`no browser process has ${BROWSER_TAG}`);
  return total;
}

/** What `work` answers, and how far the renderers' memory rose above where it began meanwhile. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ value: T; risenBytes: number }> {
  const start = rendererRss();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rendererRss());
  }, 100);
  try {
    const value = await work();
    return { value, risenBytes: peak - start };
  } finally {
    clearInterval(sampler);
  }
}

const GIB = 1024 ** 3;

describe("one memory budget per run, measured in the renderers", () => {
  test("JavaScript asking for 2 GiB of random bytes again and again is refused at once", async () => {
    await installTestSkill(page, "js-random", {
      "scripts/random.js":
        "const c = require('crypto');\nlet refused = 0, last;\nfor (let i = 0; i < 20; i++) { try { c.randomBytes(2 ** 31 - 1) } catch (e) { refused++; last = e.name + ': ' + e.message } }\nconsole.log(refused, last, c.randomBytes(16).length);\n",
    });
    const { value, risenBytes } = await withPeakRss(() => run("js-random", "scripts/random.js"));
    expect(value.stdout).toBe("20 InternalError: out of memory 16\n");
    expect(risenBytes).toBeLessThan(GIB);
  });

  test("Python's pipes and files set to a length count against the budget", async () => {
    await installTestSkill(page, "py-outside-heap", {
      "scripts/pipe.py":
        "import os\nr, w = os.pipe()\nb = b'x' * (1 << 20)\ntry:\n    while True:\n        os.write(w, b)\nexcept OSError as e:\n    print('pipe', e.strerror)\nprint(len(os.read(r, 10)))\n",
      "scripts/sparse.py":
        "import os\nos.makedirs('out', exist_ok=True)\nfor i in range(8):\n    try:\n        open(f'out/big{i}.bin', 'wb').truncate(1 << 30)\n    except OSError as e:\n        print(i, e.strerror)\n        break\n",
    });
    const pipe = await withPeakRss(() => run("py-outside-heap", "scripts/pipe.py"));
    expect(pipe.value.stdout).toBe("pipe No space left on device\n10\n");
    expect(pipe.value.sandbox_notes?.join("\n")).toMatch(/^refused memory: /);
    expect(pipe.risenBytes).toBeLessThan(GIB);
    const sparse = await withPeakRss(() => run("py-outside-heap", "scripts/sparse.py"));
    expect(sparse.value.stdout).toBe("0 No space left on device\n");
    expect(sparse.risenBytes).toBeLessThan(GIB);
  });
});

describe("output caps and exact results", () => {
  test("a stderr flood is capped in the worker and the run ends on time", async () => {
    await installTestSkill(page, "floods", {
      "scripts/stderr.py":
        "import sys, time\ns = 'e' * (1 << 20)\nt = time.time()\nwhile time.time() - t < 3:\n    sys.stderr.write(s)\nsys.exit(2)\n",
      "scripts/stdout.py": "import sys\nsys.stdout.write('x' * 200_000_000)\n",
      "scripts/exit.py": "import os\nprint('bye', flush=True)\nos._exit(3)\n",
    });
    const started = Date.now();
    const stderr = await run("floods", "scripts/stderr.py", [], 20_000);
    // The script ends itself after 3 s; a flood the worker did not cap would run into the limit.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(stderr.exit_code).toBe(2);
    expect(stderr.stderr_truncated).toBe(true);
    // Counted well past the cap (what a 3 s flood reaches depends on the machine: 34 MB on a
    // loaded 2-core one, over 50 MB on an idle one).
    expect(stderr.stderr_total_chars).toBeGreaterThan(8 << 20);
    expect(stderr.stderr!.length).toBeGreaterThan(1000);
    expect(JSON.stringify(stderr).length).toBeLessThanOrEqual(30_000);

    const stdout = await run("floods", "scripts/stdout.py", [], 30_000);
    expect(stdout.exit_code).toBe(0);
    expect(stdout.stdout_truncated).toBe(true);
    expect(stdout.stdout_total_chars).toBe(200_000_000);
    expect(stdout.stdout).toMatch(/^x+$/);

    const exited = await run("floods", "scripts/exit.py");
    expect(exited.exit_code).toBe(3);
    expect(exited.stdout).toBe("bye\n");
  });

  // Each engine stops a script its own way (Python's interrupt, QuickJS's interrupt handler, the
  // built-in shell's abort signal, terminating Wasmer's processes); all must hand on what was printed.
  test("a run stopped at its limit keeps what it printed (Python, JavaScript, both shells)", async () => {
    const stoppers: Record<string, string> = {
      "stop.py": "import time\nprint('before py', flush=True)\ntime.sleep(100)\n",
      "stop.js": "console.log('before js');\nfor (;;) {}\n",
      // bash scripts run on the built-in engine: a loop that never waits, and a long sleep.
      "busy.sh": "#!/bin/bash\necho before busy.sh\nwhile :; do :; done\n",
      "sleep.sh": "#!/bin/bash\nf() { echo before sleep.sh; sleep 100; }\nfor i in 1; do f; done\n",
      "dash.sh": "echo before dash.sh\nsleep 100\n",
    };
    await installTestSkill(
      page,
      "stopped",
      Object.fromEntries(Object.entries(stoppers).map(([name, text]) => [`scripts/${name}`, text])),
    );
    for (const name of Object.keys(stoppers)) {
      // Long enough for a loaded machine to start each script and print before the stop.
      const result = await run("stopped", `scripts/${name}`, [], 4000);
      expect(result, name).toMatchObject({ exit_code: 124, timed_out: true });
      expect(result.stdout, name).toBe(`before ${name.replace("stop.", "")}\n`);
      expect(result.sandbox_notes, name).toEqual([
        "stopped: the run passed its time limit of 4000 ms",
      ]);
    }
  });

  test("nothing internal is visible and crypto.randomBytes reaches Node's sizes", async () => {
    await installTestSkill(page, "inside", {
      "scripts/ls.py": "import os\nprint(sorted(os.listdir('/skills')))\n",
      "scripts/random.js":
        "const c = require('crypto');\nconsole.log(c.randomBytes(1 << 20).length, new Set(c.randomBytes(1 << 20)).size > 200);\ntry { c.randomBytes(-1) } catch (e) { console.log(e.name) }\n",
    });
    expect((await run("inside", "scripts/ls.py")).stdout).toBe("['inside']\n");
    expect((await run("inside", "scripts/random.js")).stdout).toBe("1048576 true\nRangeError\n");
  });

  test("install refuses a path ending in / and paths that differ only in case; nothing changes", async () => {
    const before = await page.evaluate(() => window.skillbox.listSkills());
    const refusal = (files: Record<string, string>) =>
      installSkill(page, { files }).then(
        () => "installed",
        (error: Error) => error.message,
      );
    const skillMd = "---\nname: edge\ndescription: Edge cases.\n---\nx\n";
    expect(await refusal({ "edge/SKILL.md": skillMd, "edge/scripts/": "" })).toMatch(
      /edge\/scripts\/: path ends in '\/'/,
    );
    expect(
      await refusal({ "edge/SKILL.md": skillMd, "edge/scripts/A.py": "", "edge/scripts/a.py": "" }),
    ).toMatch(/only in letter case/);
    expect(await page.evaluate(() => window.skillbox.listSkills())).toEqual(before);
  });
});

describe("admission control on a plain static host with a deployment's limits", () => {
  let staticServer: StaticServer;
  beforeAll(async () => {
    staticServer = await startStaticServer();
    writeFileSync(
      join(staticServer.root, "skillbox.config.json"),
      JSON.stringify({ limits: { maxConcurrentRuns: 2, maxQueueWaitMs: 7000 } }),
    );
  });
  afterAll(async () => {
    await staticServer?.close();
  });

  test("two run at once, two wait their turn (reported), two are refused as busy", async () => {
    const app = await openApp(browser, "/", staticServer.url);
    // Runs of 5 s against a 7 s wait: the second pair gets a slot at about 5 s, the third's would
    // come at about 10 s. The margins (2 s, 3 s) absorb a slow machine's start-up and the spread
    // of the six calls' arrival, which a 2 s run against a 3 s wait did not.
    await installTestSkill(app, "slow", { "scripts/slow.py": "import time\ntime.sleep(5)\n" });
    // With the pool full, the six below compete only for slots, not for booting workers.
    await expect
      .poll(async () => (await app.evaluate(() => window.skillbox.status())).pools.python?.ready, {
        timeout: 60_000,
      })
      .toBe(3);
    const results = (await app.evaluate(() =>
      Promise.all(
        Array.from({ length: 6 }, () =>
          window.skillbox.callTool("run_skill_script", {
            skill_name: "slow",
            script_path: "scripts/slow.py",
          }),
        ),
      ),
    )) as (RunScriptResult & Partial<ToolError>)[];
    const done = results.filter((r) => r.exit_code === 0);
    const busy = results.filter((r) => r.error !== undefined);
    expect(done).toHaveLength(4);
    expect(busy).toHaveLength(2);
    for (const refused of busy) {
      expect(refused.error).toMatch(/^busy: no Python runtime came free within 7000 ms/);
    }
    const waited = done.filter((r) => r.sandbox_notes?.some((n) => /^waited \d+ ms/.test(n)));
    expect(waited).toHaveLength(2);
    for (const r of done) expect(r.timed_out).toBe(false);
    await app.context().close();
  });
});

/** Bounds one step of a test well inside the test's own limit, so a hang names the step. */
function step<T>(name: string, promise: Promise<T>, ms = 90_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no end to "${name}" in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("the sandbox frame served from a second site", () => {
  let app: StaticServer;
  let sandboxSite: StaticServer;
  beforeAll(async () => {
    sandboxSite = await startStaticServer("dist", "127.0.0.2");
    app = await startStaticServer();
    writeFileSync(
      join(app.root, "skillbox.config.json"),
      JSON.stringify({
        sandbox: { frameUrl: new URL("skillbox/sandbox.html", sandboxSite.url).href },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await sandboxSite?.close();
  });

  test("runs every runtime, in a frame the browser keeps out of the page's process", async () => {
    const page = await openApp(browser, "/", app.url);
    await installTestSkill(page, "two-sites", {
      "scripts/a.py": "import sys\nprint('py', sys.argv[1])\n",
      "scripts/b.js": "console.log('js', process.argv[2])\n",
      "scripts/c.sh": 'echo "sh $1"\n',
    });
    for (const [script, expected] of [
      ["scripts/a.py", "py x\n"],
      ["scripts/b.js", "js x\n"],
      ["scripts/c.sh", "sh x\n"],
    ] as const) {
      const result = (await runScript(page, "two-sites", script, ["x"])) as RunScriptResult;
      expect(result.stdout, script).toBe(expected);
    }
    // An out-of-process frame is a target of its own; a frame in the page's process is not.
    const cdp = await page.context().newCDPSession(page);
    const { targetInfos } = (await cdp.send("Target.getTargets")) as {
      targetInfos: { type: string; url: string }[];
    };
    expect(targetInfos).toContainEqual(
      expect.objectContaining({
        type: "iframe",
        url: new URL("skillbox/sandbox.html", sandboxSite.url).href,
      }),
    );
    await page.context().close();
  });

  test("that stops answering fails its runs within seconds, not minutes; the next run gets a new frame", async () => {
    const page = await step("open the app", openApp(browser, "/", app.url));
    await installTestSkill(page, "crash", {
      "scripts/spin.py": "print('spinning', flush=True)\nwhile True:\n    pass\n",
      "scripts/hello.py": "print('hello')\n",
    });
    const running = page.evaluate(async () => {
      const result = await window.skillbox.callTool(
        "run_skill_script",
        { skill_name: "crash", script_path: "scripts/spin.py", args: [] },
        {
          timeLimitMs: 120_000,
          onOutput: () => document.body.setAttribute("data-spinning", ""),
        },
      );
      return { result, answeredAt: performance.now() };
    });
    await step(
      "the spin starts",
      page.locator("body[data-spinning]").waitFor({ state: "attached", timeout: 60_000 }),
    );
    // The frame's thread stops where it is, as in a hung renderer: it answers nothing.
    // This page's own frame: the browser also lists frames of pages other tests left closing.
    const pageSession = await page.context().newCDPSession(page);
    const { targetInfo: pageTarget } = (await pageSession.send("Target.getTargetInfo")) as {
      targetInfo: { targetId: string };
    };
    const cdp = await browser.newBrowserCDPSession();
    const { targetInfos } = (await cdp.send("Target.getTargets")) as {
      targetInfos: { targetId: string; type: string; url: string; parentFrameId?: string }[];
    };
    // Every sandbox frame of this page: one the app is replacing can still be listed beside the
    // one running the script, and pausing only the first found once left the run going.
    const frames = targetInfos.filter(
      (target) =>
        target.type === "iframe" &&
        target.url.includes("sandbox.html") &&
        target.parentFrameId === pageTarget.targetId,
    );
    expect(frames.length, "the sandbox frame's target").toBeGreaterThan(0);
    const sessionIds: string[] = [];
    for (const frame of frames) {
      const { sessionId } = (await cdp.send("Target.attachToTarget", {
        targetId: frame.targetId,
        flatten: false,
      })) as { sessionId: string };
      sessionIds.push(sessionId);
    }
    const sendToFrame = (sessionId: string, id: number, method: string) =>
      cdp.send("Target.sendMessageToTarget", {
        sessionId,
        message: JSON.stringify({ id, method }),
      });
    let paused = false;
    cdp.on("Target.receivedMessageFromTarget", (event: { message: string }) => {
      if ((JSON.parse(event.message) as { method?: string }).method === "Debugger.paused") {
        paused = true;
      }
    });
    for (const sessionId of sessionIds) await sendToFrame(sessionId, 1, "Debugger.enable");
    // The hang is the test's precondition, so it is confirmed (the frame reports itself paused,
    // at its next heartbeat) rather than assumed: one CI run in five saw the run go on as if no
    // pause had been asked for. A pause not taken is asked for again.
    for (let attempt = 0; !paused; attempt++) {
      expect(attempt, "the sandbox frame pauses").toBeLessThan(5);
      for (const sessionId of sessionIds) await sendToFrame(sessionId, 2, "Debugger.pause");
      for (let waited = 0; !paused && waited < 3000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // Counted from the hang, not from the call: on a loaded machine the boot before the spin
    // took most of a 30 s bound counted from the call (33.7 s in one CI run, 39 s test).
    const hungAt = await page.evaluate(() => performance.now());
    const { result, answeredAt } = await step("the hung frame's run answers", running);
    expect(result).toEqual({
      error: expect.stringContaining("the sandbox stopped answering and was restarted"),
    });
    expect(answeredAt - hungAt).toBeLessThan(20_000);
    // The pause holds the renderer's thread, which the new frame of the same site may share, so
    // it ends as soon as the run has answered (as a dead renderer's would); where the browser has
    // already destroyed the removed frame, its session ended with it.
    await step(
      "the debugger lets go",
      Promise.all(
        sessionIds.map((sessionId) =>
          sendToFrame(sessionId, 3, "Debugger.resume")
            .then(() => cdp.send("Target.detachFromTarget", { sessionId }))
            .catch((error: Error) => {
              if (!/No session with given id/.test(error.message)) throw error;
            }),
        ),
      ),
    );
    expect(await step("the next run", runScript(page, "crash", "scripts/hello.py"))).toMatchObject({
      exit_code: 0,
      stdout: "hello\n",
    });
    await step("the page closes", page.context().close());
  });
});
