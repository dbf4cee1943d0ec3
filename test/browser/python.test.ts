import { describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { runScript, useTestSkill, waitForServiceWorker } from "./app";

const SKILL = "py-probe";
const scripts: Record<string, string> = {
  "scripts/hello.py": "print('hello from python')\n",
  "scripts/argv.py": "import sys, json\nprint(json.dumps(sys.argv))\n",
  "scripts/exit.py": [
    "import sys",
    "kind = sys.argv[1]",
    "if kind == 'int': sys.exit(int(sys.argv[2]))",
    "if kind == 'text': sys.exit('fatal: ' + sys.argv[2])",
    "if kind == 'none': sys.exit()",
    "print('fell through')",
  ].join("\n"),
  "scripts/boom.py": "import helper\n\ndef main():\n    helper.explode()\n\nmain()\n",
  "scripts/helper.py": "def explode():\n    raise ValueError('bad value 42')\n",
  "scripts/stdlib_boom.py": [
    "import statistics, sys, zipfile",
    "names = set(zipfile.ZipFile(statistics.__file__.rsplit('/', 1)[0]).namelist())",
    "print(sorted(n for n in ('statistics.py', 'statistics.pyc', 'json/decoder.pyc') if n in names))",
    "sys.stdout.flush()",
    "statistics.mean([])",
  ].join("\n"),
  "scripts/warn.py": "import sys\nprint('warning only', file=sys.stderr)\nprint('ok')\n",
  "scripts/progress.py": "import time\nprint('one')\nprint('two')\ntime.sleep(3)\nprint('three')\n",
  "scripts/flood.py": "import sys\nsys.stdout.write('x' * 200000)\n",
  "scripts/spin.py": "import sys\nprint('before the loop', flush=True)\nwhile True:\n    pass\n",
  "scripts/report.py": [
    "import os, sys",
    "os.makedirs('out', exist_ok=True)",
    "with open('out/report.md', 'w', encoding='utf-8') as f:",
    "    f.write('# Report\\n\\n' + sys.argv[1] + '\\n')",
    "with open('data/input.txt', 'a') as f:",
    "    f.write('changed')",
    "print('written')",
  ].join("\n"),
  "scripts/pollute.py": [
    "import builtins, json, os, sys",
    "builtins.LEAKED = 'yes'",
    "json.dumps = lambda *a, **k: 'patched'",
    "sys.modules['leaky_module'] = object()",
    "open('data/input.txt', 'w').write('overwritten')",
    "open('/tmp/leftover.txt', 'w').write('x')",
    "os.environ['LEAKED_ENV'] = '1'",
    "print('polluted')",
  ].join("\n"),
  "scripts/inspect_state.py": [
    "import builtins, json, os, sys",
    "print(json.dumps({",
    "  'builtin': hasattr(builtins, 'LEAKED'),",
    "  'dumps': json.dumps([1]),",
    "  'module': 'leaky_module' in sys.modules,",
    "  'data': open('data/input.txt').read(),",
    "  'tmp': os.path.exists('/tmp/leftover.txt'),",
    "  'env': 'LEAKED_ENV' in os.environ,",
    "}))",
  ].join("\n"),
  "scripts/env.py": [
    "import json, os, sys",
    "print(json.dumps({'env': dict(os.environ), 'cwd': os.getcwd(), 'stdin': sys.stdin.read(),",
    "  'files': sorted(os.listdir('.')), 'path0': sys.path[0]}))",
  ].join("\n"),
  "scripts/syntax.py": "x = (\n",
  "scripts/aio.py":
    "import asyncio\n\nasync def main():\n    await asyncio.sleep(0.05)\n    return 'async ok'\n\nprint(asyncio.run(main()))\n",
  "scripts/evil_html.py": [
    "import os",
    "os.makedirs('out', exist_ok=True)",
    "open('out/evil.html', 'w').write(\"<script>localStorage.setItem('pwned', '1')</script><p id=x>hi</p>\")",
  ].join("\n"),
  "data/input.txt": "original",
};

const probe = useTestSkill(SKILL, scripts);
const { run } = probe;

describe("Python runtime through window.skillbox", () => {
  test("lines printed in quick succession before a sleep arrive before the sleep ends", async () => {
    const seen = await probe.page().evaluate(async (skill) => {
      const chunks: { at: number; text: string }[] = [];
      const started = performance.now();
      const result = await window.skillbox.callTool(
        "run_skill_script",
        { skill_name: skill, script_path: "scripts/progress.py" },
        { onOutput: (chunk) => chunks.push({ at: performance.now() - started, text: chunk.text }) },
      );
      return { chunks, ended: performance.now() - started, result };
    }, SKILL);
    expect(seen.result).toMatchObject({ exit_code: 0, stdout: "one\ntwo\nthree\n" });
    const beforeSleep = seen.chunks.filter((chunk) => chunk.at < seen.ended - 1500);
    expect(beforeSleep.map((chunk) => chunk.text).join("")).toBe("one\ntwo\n");
  });

  test("the sandbox frame is cross-origin isolated, so .sh runs on dash and toybox", async () => {
    const status = await probe.page().evaluate(() => window.skillbox.status());
    expect(status).toMatchObject({
      crossOriginIsolated: true,
      runtimes: ["python", "javascript", "shell"],
      shellEngine: "wasmer",
    });
    expect(Object.keys(status.pools).sort()).toEqual(["javascript", "python", "shell"]);
  });

  test("hello world", async () => {
    expect(await run("scripts/hello.py")).toEqual({
      exit_code: 0,
      stdout: "hello from python\n",
      timed_out: false,
      files: [],
    });
  });

  test("demo-bank-api: verify-customer then confirm-otp with its challenge_id", async () => {
    const verify = (await runScript(probe.page(), "demo-bank-api", "scripts/bank_api.py", [
      "verify-customer",
      "--egn-last4",
      "8836",
      "--dob",
      "1985-01-30",
    ])) as RunScriptResult;
    expect(verify.exit_code).toBe(0);
    const { challenge_id } = JSON.parse(verify.stdout) as { challenge_id: string };
    expect(challenge_id).toBe("ch.CUST-1004");
    const confirm = (await runScript(probe.page(), "demo-bank-api", "scripts/bank_api.py", [
      "confirm-otp",
      "--challenge-id",
      challenge_id,
      "--otp",
      "123456",
    ])) as RunScriptResult;
    expect(confirm.exit_code).toBe(0);
    expect(JSON.parse(confirm.stdout)).toMatchObject({
      verified: true,
      session_token: "sess.CUST-1004",
    });
  });

  test("argparse usage errors come back on stderr with exit 2", async () => {
    const result = (await runScript(probe.page(), "demo-bank-api", "scripts/bank_api.py", [
      "verify-customer",
    ])) as RunScriptResult;
    expect(result.exit_code).toBe(2);
    expect(result.stderr).toMatch(/usage: .*error: the following arguments are required/s);
  });

  test("every argument arrives literally as one argv entry", async () => {
    const args = [
      "plain",
      "two words",
      "'single'",
      '"double"',
      "; rm -rf /",
      "$(whoami)",
      "`id`",
      "*.py",
      "line1\nline2",
      "ünïcødé ✓ 😀",
      "",
      "--flag=value with spaces",
      "\\back\\slash",
    ];
    const result = await run("scripts/argv.py", args);
    expect(result.exit_code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(["scripts/argv.py", ...args]);
  });

  test.each([
    [["int", "3"], 3, "", ""],
    [["int", "0"], 0, "", undefined],
    [["int", "256"], 0, "", undefined],
    [["int", "-1"], 255, "", ""],
    [["text", "disk full"], 1, "", "fatal: disk full\n"],
    [["none"], 0, "", undefined],
    [["other"], 0, "fell through\n", undefined],
  ])("exit codes: %j → %i", async (args, code, stdout, stderr) => {
    const result = await run("scripts/exit.py", args);
    expect(result.exit_code).toBe(code);
    expect(result.stdout).toBe(stdout);
    expect(result.stderr).toBe(stderr);
  });

  test("an uncaught exception exits 1 with a python3-style traceback on stderr", async () => {
    const result = await run("scripts/boom.py");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toMatch(/^Traceback \(most recent call last\):\n/);
    expect(result.stderr).toContain('File "/skills/py-probe/scripts/boom.py", line 6, in <module>');
    expect(result.stderr).toContain(
      'File "/skills/py-probe/scripts/helper.py", line 2, in explode',
    );
    expect(result.stderr).toMatch(/ValueError: bad value 42\n$/);
    expect(result.stderr).not.toContain("runpy");
  });

  test("the standard library ships compiled, and its frames in a traceback still show their source", async () => {
    const result = await run("scripts/stdlib_boom.py");
    expect(result.stdout).toBe("['json/decoder.pyc', 'statistics.py', 'statistics.pyc']\n");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toMatch(
      /File "\/lib\/python3\d+\.zip\/statistics\.py", line \d+, in mean\n +raise StatisticsError\('mean requires at least one data point'\)\n/,
    );
  });

  test("a syntax error reports like python3 does, without a traceback header", async () => {
    const result = await run("scripts/syntax.py");
    expect(result.exit_code).toBe(1);
    expect(result.stderr).toMatch(/^ {2}File "\/skills\/py-probe\/scripts\/syntax\.py", line 1\n/);
    expect(result.stderr).toMatch(/SyntaxError: '\(' was never closed\n$/);
  });

  test("asyncio.run works inside a script", async () => {
    expect(await run("scripts/aio.py")).toMatchObject({ exit_code: 0, stdout: "async ok\n" });
  });

  test("an HTML file a script writes opens as its source: its script never runs in the app origin", async () => {
    const result = await run("scripts/evil_html.py");
    const url = result.files[0]!;
    const viewer = await probe.page().context().newPage();
    await viewer.goto(url);
    expect(await viewer.locator("body").textContent()).toContain("<p id=x>hi</p>");
    expect(await viewer.locator("#x").count()).toBe(0);
    await viewer.close();
    expect(await probe.page().evaluate(() => localStorage.getItem("pwned"))).toBeNull();
  });

  test("stderr is absent on success", async () => {
    expect(await run("scripts/warn.py")).toEqual({
      exit_code: 0,
      stdout: "ok\n",
      timed_out: false,
      files: [],
    });
  });

  test("200,000 chars of stdout: truncated, flagged, valid JSON within the limit", async () => {
    const result = await run("scripts/flood.py");
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(30_000);
    expect(result).toMatchObject({
      exit_code: 0,
      stdout_truncated: true,
      stdout_total_chars: 200_000,
    });
    expect(result.stdout).toMatch(/^x+$/);
  });

  test("an endless loop with a 2 s limit times out, keeps its output, and the next run works", async () => {
    const started = Date.now();
    const result = await run("scripts/spin.py", [], 2000);
    const elapsed = Date.now() - started;
    expect(result).toMatchObject({ exit_code: 124, timed_out: true });
    expect(result.stdout).toBe("before the loop\n");
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    expect(elapsed).toBeLessThan(15_000);
    expect(await run("scripts/hello.py")).toMatchObject({
      exit_code: 0,
      stdout: "hello from python\n",
    });
  });

  test("files a run writes or changes come back as URLs that serve their bytes", async () => {
    const result = await run("scripts/report.py", ["Totals: 42 ✓"]);
    expect(result.exit_code).toBe(0);
    expect(result.files).toHaveLength(2);
    const [changed, report] = result.files;
    expect(report).toMatch(/\/skillbox-files\/[^/]+\/py-probe\/out\/report\.md$/);
    expect(changed).toMatch(/\/py-probe\/data\/input\.txt$/);
    await waitForServiceWorker(probe.page());
    const fetched = await probe.page().evaluate(async (urls) => {
      return Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url);
          return {
            status: response.status,
            body: await response.text(),
            csp: response.headers.get("content-security-policy"),
          };
        }),
      );
    }, result.files);
    expect(fetched[1]).toMatchObject({ status: 200, body: "# Report\n\nTotals: 42 ✓\n" });
    expect(fetched[1]?.csp).toMatch(/^sandbox/);
    expect(fetched[0]).toMatchObject({ status: 200, body: "originalchanged" });
  });

  test("output file URLs keep working in a freshly loaded page with the network off", async () => {
    const result = await run("scripts/report.py", ["kept offline"]);
    const url = result.files.find((u) => u.endsWith("/out/report.md"))!;
    const context = probe.page().context();
    const reloaded = await context.newPage();
    await reloaded.goto(new URL("/", url).href);
    await reloaded.evaluate(() => navigator.serviceWorker.ready);
    await context.setOffline(true);
    try {
      const fetched = await reloaded.evaluate(async (u) => {
        const response = await fetch(u);
        return { status: response.status, body: await response.text() };
      }, url);
      expect(fetched).toEqual({ status: 200, body: "# Report\n\nkept offline\n" });
    } finally {
      await context.setOffline(false);
      await reloaded.close();
    }
  });

  test("nothing one run does is visible to the next", async () => {
    expect((await run("scripts/pollute.py")).stdout).toBe("polluted\n");
    const state = JSON.parse((await run("scripts/inspect_state.py")).stdout);
    expect(state).toEqual({
      builtin: false,
      dumps: "[1]",
      module: false,
      data: "original",
      tmp: false,
      env: false,
    });
  });

  test("environment, working directory and stdin", async () => {
    const result = JSON.parse((await run("scripts/env.py")).stdout);
    expect(result.env).toEqual({
      SKILL_PARAMETERS: "{}",
      HOME: "/home/user",
      PWD: "/skills/py-probe",
      PATH: "/usr/local/bin:/usr/bin:/bin",
      LANG: "C.UTF-8",
      TMPDIR: "/tmp",
      USER: "user",
    });
    expect(result.cwd).toBe("/skills/py-probe");
    expect(result.stdin).toBe("");
    expect(result.files).toEqual(["SKILL.md", "data", "scripts"]);
    expect(result.path0).toBe("/skills/py-probe/scripts");
  });

  test("csv-insights writes its markdown report", async () => {
    const result = (await runScript(
      probe.page(),
      "csv-insights",
      "scripts/summarize.py",
    )) as RunScriptResult;
    expect(result.exit_code).toBe(0);
    expect(result.files.some((url) => url.endsWith("/csv-insights/out/report.md"))).toBe(true);
  });
});
