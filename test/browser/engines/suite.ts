import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { BrowserFeatures, CallToolOptions, InstallSource, Skillbox } from "../../../src/index";
import { securityHeaders } from "../../../src/server/securityHeaders";
import type { RunScriptResult } from "../../../src/tools/resultShaping";
import type { SkillInstructions, ToolResult } from "../../../src/tools/skillTools";
import { type CountingServer, startCountingServer } from "../../helpers/countingServer";
import { hostPagePolicy } from "../../helpers/hostPagePolicy";
import { type PageServer, type ServedFile, startPageServer } from "../../helpers/pageServer";
import { startStaticServer } from "../../helpers/staticServer";
import { TOOL_THEN_ANSWER, tinyGguf } from "../../helpers/tinyGguf";
import { appUrl, testSkillSource } from "../app";
import { expectEveryProbeBlocked, PROBE, runProbeInPage } from "../hostileProbes";
import { chromiumEngine } from "./chromiumEngine";
import type { Engine, EngineName, EnginePage } from "./enginePage";
import { waitUntil } from "./enginePage";
import { firefoxEngine } from "./firefoxEngine";
import { webkitEngine } from "./webkitEngine";

/**
 * The contract, runtime, hostile, library and offline paths in every major engine: Debian's
 * Chromium, Firefox ESR and WebKitGTK. What an engine lacks is stated here, once, and is the
 * README's browser table: the suite checks that each engine reports exactly that and that the
 * fallback for each missing feature works.
 */
const ENGINES: Record<EngineName, { start: () => Promise<Engine>; features: BrowserFeatures }> = {
  chromium: {
    start: chromiumEngine,
    features: { sharedMemory: true, jspi: true, serviceWorkers: true },
  },
  firefox: {
    start: firefoxEngine,
    features: { sharedMemory: true, jspi: true, serviceWorkers: true },
  },
  webkit: {
    start: webkitEngine,
    features: { sharedMemory: false, jspi: false, serviceWorkers: true },
  },
};

const SKILL = "engine-probe";
const SCRIPTS: Record<string, string> = {
  "scripts/hello.py": "import sys\nprint('python', sys.argv[1:])\n",
  "scripts/hello.js": "console.log('javascript', process.argv.slice(2));\n",
  "scripts/hello.mjs":
    "import { argv } from 'node:process';\nconsole.log('module', argv.slice(2));\n",
  "scripts/hello.sh": 'echo "shell $1 $(( 6 * 7 ))"\n',
  "scripts/spin.py": "print('before', flush=True)\nwhile True:\n    pass\n",
  "scripts/spin.js": "console.log('before');\nfor (;;) {}\n",
  "scripts/spin.sh": "echo before\nwhile :; do :; done\n",
  "scripts/processes.sh": "for i in 1 2 3 4 5 6 7 8; do echo $i | cat | wc -c; done\n",
  "scripts/children.js": [
    "const { execFileSync, execFile } = require('child_process');",
    "let sync;",
    "try { sync = execFileSync('python3', ['scripts/hello.py'], { encoding: 'utf8' }).trim(); }",
    "catch (error) { sync = error.code; }",
    "execFile('sh', ['scripts/hello.sh', 'y'], (error, stdout) =>",
    "  console.log(JSON.stringify({ sync, async: error ? error.code : stdout.trim() })));",
  ].join("\n"),
  "scripts/coroutine.py":
    "import asyncio\n\nasync def answer():\n    await asyncio.sleep(0)\n    return 42\n\nprint(asyncio.run(answer()))\n",
};
const GREETINGS: Record<string, string> = {
  "scripts/hello.py": "python ['x']\n",
  "scripts/hello.js": "javascript [ 'x' ]\n",
  "scripts/hello.mjs": "module [ 'x' ]\n",
  "scripts/hello.sh": "shell x 42\n",
};

async function openApp(page: EnginePage, base: string): Promise<void> {
  await page.goto(new URL("/", base).href);
  await waitUntil(page, () => "skillbox" in window, null, { what: "window.skillbox" });
  await page.evaluate(() => window.skillbox.ready, null);
}

const callTool = (page: EnginePage, name: string, args: unknown, options: CallToolOptions = {}) =>
  page.evaluate(([n, a, o]) => window.skillbox.callTool(n, a, o), [
    name,
    args,
    options,
  ] as const) as Promise<ToolResult>;

const run = (
  page: EnginePage,
  skill: string,
  script: string,
  args: string[] = [],
  timeLimitMs?: number,
) =>
  callTool(
    page,
    "run_skill_script",
    { skill_name: skill, script_path: script, args },
    timeLimitMs ? { timeLimitMs } : {},
  ) as Promise<RunScriptResult>;

const install = (page: EnginePage, source: InstallSource) =>
  page.evaluate((s) => window.skillbox.installSkill(s).then((r) => r.name), source);

async function runEachRuntime(page: EnginePage): Promise<void> {
  const outputs: Record<string, string> = {};
  for (const script of Object.keys(GREETINGS)) {
    const result = await run(page, SKILL, script, ["x"]);
    expect(result.exit_code, `${script}: ${JSON.stringify(result)}`).toBe(0);
    outputs[script] = result.stdout;
  }
  expect(outputs).toEqual(GREETINGS);
}

/** What the hostile probe's refused attempts may leave in a console: nothing else is allowed. */
const HOSTILE_CONSOLE = [
  /Content Security Policy|Content-Security-Policy|CSP|blocked|Refused/i,
  /NetworkError|Failed to fetch|Load failed/i,
];

/**
 * The suite for one engine, in a test file of its own: each engine's file is scheduled on its own
 * (WebKit's alone, the others beside other files).
 */
export function defineEngineSuite(name: EngineName): void {
  /** A page on another origin (127.0.0.2), not isolated, with its own CSP, and the deployment it embeds. */
  let embedHost: PageServer;
  let deployment: PageServer;
  beforeAll(async () => {
    const files: Record<string, ServedFile> = {};
    embedHost = await startPageServer({ host: "127.0.0.2", files });
    const config = JSON.stringify({ embed: { allowedOrigins: [embedHost.origin] } });
    deployment = await startPageServer({
      host: "127.0.0.1",
      root: "dist",
      files: { "/skillbox.config.json": { body: config, type: "application/json" } },
      headersFor: (pathname) => securityHeaders(pathname, [embedHost.origin]),
    });
    files["/runner.html"] = {
      body: `<!doctype html><title>a page of another origin</title>
<script type="module" src="${deployment.origin}/skillbox/skillbox-embed.js"></script>
<skillbox-runner></skillbox-runner>`,
      type: "text/html; charset=utf-8",
      headers: { "Content-Security-Policy": hostPagePolicy(deployment.origin, "in-page") },
    };
  });
  afterAll(async () => {
    await embedHost?.close();
    await deployment?.close();
  });

  const { start, features } = ENGINES[name];
  describe(name, () => {
    let engine: Engine;
    let page: EnginePage;
    let counting: CountingServer;
    /** Console errors a test expects (the hostile probe's refused requests); any other fails it. */
    let expectedErrors: RegExp[] = [];
    let errorsChecked = 0;

    beforeAll(async () => {
      [engine, counting] = await Promise.all([start(), startCountingServer()]);
      page = await engine.open();
      await openApp(page, appUrl());
      await install(page, testSkillSource(SKILL, SCRIPTS));
    });
    afterAll(async () => {
      await page?.close();
      await engine?.close();
      await counting?.close();
    });
    /** Replaces the test page with one in a fresh profile (WebKitWebDriver allows one session). */
    async function freshPage(): Promise<void> {
      // A page whose browser died (a retried test) has nothing left to close.
      await page.close().catch(() => {});
      page = await engine.open();
      errorsChecked = 0;
    }

    // WebKit now and then meets a fault of its own in a full CI run (JavaScriptCore reporting
    // "Out of bounds memory access" in a QuickJS busy loop, a dead browser process, a cache load
    // failing after a reload; none reproduced alone or under load here), and its page stays
    // broken afterwards: every later test on it failed too. A failed test hands the next one, or
    // its own retry, a new browser with the app open, so one fault fails one test, not the rest.
    let pageBroken = false;
    beforeEach(async ({ onTestFailed }) => {
      onTestFailed(() => {
        pageBroken = true;
      });
      if (!pageBroken) return;
      pageBroken = false;
      await freshPage();
      await openApp(page, appUrl());
      await install(page, testSkillSource(SKILL, SCRIPTS));
    });

    /** Runs the hostile probe in the app's Skillbox or the `<skillbox-runner>`'s. */
    async function expectProbeBlocked(where: "window" | "runner", tag: string): Promise<void> {
      const result = await page.evaluate(runProbeInPage, [
        where,
        PROBE,
        counting.url,
        `${name}-${tag}`,
      ] as const);
      expect(result.exit_code, result.stderr).toBe(0);
      expectEveryProbeBlocked(JSON.parse(result.stdout) as Record<string, string>, !features.jspi);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(counting.hits).toEqual([]);
    }

    afterEach(async () => {
      const fresh = (await page.consoleErrors()).slice(errorsChecked);
      errorsChecked += fresh.length;
      const unexpected = fresh.filter((line) => !expectedErrors.some((p) => p.test(line)));
      expectedErrors = [];
      expect(unexpected, "console errors").toEqual([]);
    });

    test("positive control: the console check sees an error and an uncaught exception", async () => {
      expectedErrors = [/control error/, /control exception/];
      await page.evaluate(() => {
        console.error("control error");
        setTimeout(() => {
          throw new Error("control exception");
        });
      }, null);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const seen = (await page.consoleErrors()).join("\n");
      expect(seen).toMatch(/control error/);
      expect(seen).toMatch(/control exception/);
    });

    test("reports the features it uses, and the status line names what is narrowed", async () => {
      const status = await page.evaluate(() => window.skillbox.status(), null);
      expect(status.features).toEqual(features);
      expect(status.shellEngine).toBe(features.sharedMemory ? "wasmer" : "builtin");
      const line = await page.evaluate(() => document.getElementById("status")?.textContent, null);
      expect(line).toContain("Ready.");
      expect(line?.includes("time limit is stopped by ending its worker")).toBe(
        !features.sharedMemory,
      );
      expect(line?.includes("(JSPI)")).toBe(!features.jspi);
    });

    test("contract: instructions, and bad input answered as contract JSON", async () => {
      const instructions = (await callTool(page, "get_skill_instructions", {
        skill_name: "csv-insights",
      })) as SkillInstructions;
      expect(instructions.name).toBe("csv-insights");
      expect(instructions.skillDirectory).toBe("/skills/csv-insights");
      expect(instructions.files.map((f) => f.fileName)).toContain("scripts/summarize.py");
      expect(await callTool(page, "get_skill_instructions", { skill_name: "nope" })).toEqual({
        error: "Skill not found",
      });
      const bad = await callTool(page, "run_skill_script", {
        skill_name: SKILL,
        script_path: "../x.py",
      });
      expect(Object.keys(bad)).toEqual(["error"]);
      const unknownTool = await callTool(page, "no_such_tool", {});
      expect(Object.keys(unknownTool)).toEqual(["error"]);
    });

    // One CI run saw WebKit's driver fail this test's first run ("Could not parse script result",
    // and the console check after it), while the later tests of the session passed; not
    // reproduced here alone. The same intermittent engine fault as the retried tests below, and a
    // repeated one still fails.
    test("runs .py, .js, .mjs and .sh, and the demo skills", {
      retry: name === "webkit" ? 2 : 0,
    }, async () => {
      await runEachRuntime(page);
      const report = await run(page, "csv-insights", "scripts/summarize.py");
      expect(report.exit_code, report.stderr).toBe(0);
      expect(report.files.some((url) => url.endsWith("/out/report.md"))).toBe(true);
      const stats = await run(page, "text-tools-js", "scripts/text_stats.js", [
        "data/sample.txt",
        "--json",
      ]);
      expect(JSON.parse(stats.stdout)).toMatchObject({ words: expect.any(Number) });
      // On the Wasmer engine this script's long main() once broke dash's `exit` (127).
      const help = await run(page, "log-report-sh", "scripts/log_report.sh", ["--help"]);
      expect(help.exit_code, JSON.stringify(help)).toBe(0);
      expect(help.stdout).toMatch(/^usage: sh scripts\/log_report.sh/);
      const logReport = await run(page, "log-report-sh", "scripts/log_report.sh");
      expect(logReport.exit_code, logReport.stderr).toBe(0);
      expect(logReport.stdout).toMatch(/^Log report for data\/app.log \(\d+ entries\)/);
    });

    // Firefox's Worker constructor, called in a worker whose other workers run, once blocked
    // that worker for good about once per 25 processes: a run like this one (25 processes on
    // dash) hung more often than not until the frame started the processes' workers itself.
    test("a .sh run that starts process after process finishes, three times over", async () => {
      for (let round = 0; round < 3; round++) {
        const result = await run(page, SKILL, "scripts/processes.sh");
        expect(result.exit_code, JSON.stringify(result)).toBe(0);
        expect(result.stdout).toBe("2\n".repeat(8));
      }
    });

    test(`child processes: asynchronous everywhere, synchronous ${features.sharedMemory ? "on shared memory" : "refused with ENOSYS"}`, async () => {
      const result = await run(page, SKILL, "scripts/children.js");
      expect(result.exit_code, JSON.stringify(result)).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        sync: features.sharedMemory ? "python []" : "ENOSYS",
        async: "shell y 42",
      });
    });

    // Where the limit ends the worker (no SharedArrayBuffer), one CI run of five saw spin.js end
    // with exit 1 before its limit in WebKit, not reproduced in eight runs here. A retry keeps
    // that intermittent engine fault from failing the build, and a repeated one still fails it.
    test("a run past its time limit stops with 124 in each runtime, and the next run works", {
      retry: name === "webkit" ? 2 : 0,
    }, async () => {
      for (const script of ["scripts/spin.py", "scripts/spin.js", "scripts/spin.sh"]) {
        const result = await run(page, SKILL, script, [], 3000);
        expect(result, `${script}: ${JSON.stringify(result)}`).toMatchObject({
          exit_code: 124,
          timed_out: true,
        });
        // Without SharedArrayBuffer (WebKit) the built-in shell's busy loop never reads the
        // interrupt, so it is ended with its worker and its output goes too.
        if (!script.endsWith(".sh") || features.sharedMemory) {
          expect(result.stdout, script).toBe("before\n");
        }
      }
      await runEachRuntime(page);
    });

    test(`asyncio.run ${features.jspi ? "works (JSPI)" : "fails clearly without JSPI, other scripts unaffected"}`, async () => {
      const result = await run(page, SKILL, "scripts/coroutine.py");
      if (features.jspi) {
        expect(result).toMatchObject({ exit_code: 0, stdout: "42\n" });
      } else {
        expect(result.exit_code).toBe(1);
        expect(result.stderr).toMatch(/RuntimeError: WebAssembly stack switching not supported/);
        expect((await run(page, SKILL, "scripts/hello.py", ["x"])).stdout).toBe(
          GREETINGS["scripts/hello.py"],
        );
      }
    });

    test("hostile Python: every escape is blocked, no request reaches the loopback listener", async () => {
      expectedErrors = HOSTILE_CONSOLE;
      await page.evaluate(() => {
        const received: unknown[] = [];
        (window as unknown as { broadcasts: unknown[] }).broadcasts = received;
        new BroadcastChannel("skillbox-probe").onmessage = (event) => received.push(event.data);
      }, null);
      await expectProbeBlocked("window", "headers");
      const seen = await page.evaluate(
        async () => ({
          broadcasts: (window as unknown as { broadcasts: unknown[] }).broadcasts,
          databases: (await indexedDB.databases()).map((d) => d.name),
          caches: await caches.keys(),
        }),
        null,
      );
      expect(seen.broadcasts).toEqual([]);
      expect(seen.databases).not.toContain("skillbox-probe");
      expect(seen.caches).not.toContain("skillbox-probe");
    });

    test("library: versions, export as zip, delete, and reinstall from the export", async () => {
      const files = { "scripts/v.py": "print('one')\n" };
      await install(page, testSkillSource("versioned", files));
      await install(page, testSkillSource("versioned", { "scripts/v.py": "print('two')\n" }));
      await page.evaluate(() => window.skillbox.setDefaultVersion("versioned", 2), null);
      const listed = await page.evaluate(() => window.skillbox.listSkills(), null);
      expect(listed.find((s) => s.name === "versioned")).toBeDefined();
      expect((await run(page, "versioned", "scripts/v.py")).stdout).toBe("two\n");
      const zip = await page.evaluate(() => window.skillbox.exportSkill("versioned"), null);
      expect(atob(zip).slice(0, 4)).toBe("PK\u0003\u0004");
      await page.evaluate(() => window.skillbox.deleteSkill("versioned"), null);
      expect(await callTool(page, "get_skill_instructions", { skill_name: "versioned" })).toEqual({
        error: "Skill not found",
      });
      expect(await install(page, { zipBase64: zip })).toBe("versioned");
      expect((await run(page, "versioned", "scripts/v.py")).stdout).toBe("two\n");
    });

    // WebKit runs the engine's compatibility build (no memory64 or JSPI there).
    test("the in-browser model: a tiny GGUF calls a skill's script and answers", async () => {
      const model = Buffer.from(tinyGguf({ name: "Engine tiny", table: TOOL_THEN_ANSWER }));
      const outcome = await page.evaluate(async (base64) => {
        const skillbox = window.skillbox;
        const unsupported = await skillbox.localModels.unsupported();
        if (unsupported) return { unsupported };
        await skillbox.installSkill({
          files: {
            "relay/SKILL.md": "---\nname: relay\ndescription: Relays.\n---\nRun r.js.\n",
            "relay/r.js": "console.log('relayed');\n",
          },
        });
        const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
        const stored = await skillbox.localModels.add(new File([bytes], "tiny.gguf"));
        await skillbox.chat.setEndpoint({
          protocol: "local",
          baseUrl: "",
          model: stored.id,
          apiKey: "",
          stream: true,
        });
        const turn = await skillbox.chat.send("Please relay this.");
        const transcript = await skillbox.chat.transcript();
        await skillbox.chat.clear();
        await skillbox.localModels.remove(stored.id);
        await skillbox.deleteSkill("relay");
        const tool = transcript.find((item) => item.role === "tool");
        return {
          turn,
          roles: transcript.map((item) => item.role),
          stdout: tool?.role === "tool" && "stdout" in tool.result ? tool.result.stdout : undefined,
          answer: transcript.at(-1)?.role === "assistant" ? transcript.at(-1) : undefined,
        };
      }, model.toString("base64"));
      expect(outcome).toMatchObject({
        turn: { cancelled: false },
        roles: ["user", "assistant", "tool", "assistant"],
        stdout: "relayed\n",
        answer: { text: "Done!" },
      });
    });

    test("hostile Python on a plain static host (no headers: the frame's own CSP only)", async () => {
      expectedErrors = HOSTILE_CONSOLE;
      const host = await startStaticServer();
      try {
        await freshPage();
        await openApp(page, host.url);
        await expectProbeBlocked("window", "static");
      } finally {
        await host.close();
      }
    });

    test("embedded by <skillbox-runner> in a page of another origin: runs each runtime, escapes blocked", async () => {
      expectedErrors = HOSTILE_CONSOLE;
      await freshPage();
      await page.goto(`${embedHost.url}runner.html`);
      await waitUntil(
        page,
        () =>
          (document.querySelector("skillbox-runner") as { skillbox?: unknown } | null)?.skillbox,
        null,
        { what: "the runner to start" },
      );
      const outputs = await page.evaluate(
        async ([source, greetings]) => {
          const { skillbox } = document.querySelector("skillbox-runner") as Element & {
            skillbox: Skillbox;
          };
          await skillbox.ready;
          const skill = (await skillbox.installSkill(source)).name;
          const printed: Record<string, string> = {};
          for (const script of greetings) {
            const result = await skillbox.callTool("run_skill_script", {
              skill_name: skill,
              script_path: script,
              args: ["x"],
            });
            printed[script] = "stdout" in result ? result.stdout : JSON.stringify(result);
          }
          return { printed, isolated: crossOriginIsolated };
        },
        [testSkillSource(SKILL, SCRIPTS), Object.keys(GREETINGS)] as const,
      );
      expect(outputs).toEqual({ printed: GREETINGS, isolated: false });
      await expectProbeBlocked("runner", "embedded");
    });

    // One CI run saw WebKit's browser process die during this test (120 s without an answer, then
    // "invalid session id"); not reproduced in eight runs here under load. A retry keeps that
    // intermittent engine fault from failing the build; a repeated one still fails it.
    test(`a deployment's Wasmer shell package: ${features.sharedMemory ? "runs .sh on it" : "the built-in shell runs instead"}`, {
      retry: name === "webkit" ? 2 : 0,
    }, async () => {
      const withPackage = await startPageServer({
        host: "127.0.0.1",
        root: "dist",
        files: {
          "/skillbox.config.json": {
            body: JSON.stringify({ shell: { package: "/test-wasi/echo_args.wasm" } }),
            type: "application/json",
          },
        },
        headersFor: (pathname) => securityHeaders(pathname),
      });
      try {
        await freshPage();
        await openApp(page, withPackage.url);
        const expected = features.sharedMemory ? "wasmer" : "builtin";
        expect((await page.evaluate(() => window.skillbox.status(), null)).shellEngine).toBe(
          expected,
        );
        await install(page, testSkillSource("wasi", { "go.sh": 'echo "built-in $1"\n' }));
        const result = await run(page, "wasi", "go.sh", ["a"]);
        expect(result.exit_code, JSON.stringify(result)).toBe(0);
        expect(result.stdout).toMatch(
          features.sharedMemory ? /^argc=2\n\[go\.sh\]\n\[a\]\n/ : /^built-in a\n$/,
        );
      } finally {
        await withPackage.close();
      }
    });

    // One CI run (of this suite's many) saw WebKit report the build cached within 4 s of a fresh
    // visit and then fail four requests from its cache after the reload ("FetchEvent.respondWith
    // received an error: Load failed"); not reproduced in five runs here, alone or after the
    // static-host tests before it. A retry keeps that intermittent fault from failing the build;
    // a repeated one still fails it.
    test("offline: after one visit to a plain static host, it reloads and runs with the server gone", {
      retry: name === "webkit" ? 2 : 0,
    }, async () => {
      const host = await startStaticServer();
      try {
        await freshPage();
        await openApp(page, host.url);
        await install(page, testSkillSource(SKILL, SCRIPTS));
        await waitUntil(
          page,
          () =>
            document.getElementById("offline-status")?.textContent === "Available offline." &&
            navigator.serviceWorker.controller !== null,
          null,
          { timeoutMs: 120_000, what: "the service worker to cache the build" },
        );
        await host.close();
        await page.reload();
        await waitUntil(page, () => "skillbox" in window, null, { what: "window.skillbox" });
        await page.evaluate(() => window.skillbox.ready, null);
        await runEachRuntime(page);
      } finally {
        await host.close();
      }
    });
  });
}
