import { gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { runScript, useTestSkill } from "./app";

const SKILL = "js-probe";
const scripts: Record<string, string> = {
  "scripts/argv.js": "console.log(JSON.stringify(process.argv));",
  "scripts/spin.js": "console.log('before the loop');\nwhile (true) {}\n",
  "scripts/bomb.js": "const keep = [];\nwhile (true) keep.push(new Array(1e6).fill(7));\n",
  "scripts/no_network.js": [
    "const seen = {};",
    "for (const name of ['XMLHttpRequest', 'WebSocket', 'EventSource', 'importScripts', 'Worker', 'indexedDB', 'caches', 'navigator', 'postMessage', 'BroadcastChannel']) seen[name] = typeof globalThis[name];",
    "const failures = [];",
    "const failed = (label) => (e) => failures.push([label + ':', e.name, e.message, e.cause?.code ?? e.code].join(' '));",
    "fetch('http://127.0.0.1:8/').then(() => failures.push('fetch answered'), failed('fetch'));",
    "require('http').get('http://127.0.0.1:8/').on('error', failed('http'));",
    "require('net').connect(8, 'example.com').on('error', failed('net'));",
    // A child process is a sandboxed run too: its own network call fails the same way.
    "require('child_process').exec('python3 scripts/net.py', (e, out, err) => failures.push('child: exit ' + e?.code + ' ' + err.trim().split('\\n').pop()));",
    "process.on('exit', () => console.log(JSON.stringify({ seen, failures: failures.sort() })));",
  ].join("\n"),
  "scripts/net.py": "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:8/')\n",
  // Children that never end, started as fast as the script can: the run still ends at its limit.
  "scripts/spawn_storm.js":
    "const { spawn } = require('child_process');\nsetInterval(() => spawn('node', ['-e', 'while (true) {}']), 1);\n",
  "scripts/write.js":
    "const fs = require('fs');\nfs.mkdirSync('out', { recursive: true });\nfs.writeFileSync('out/result.json', JSON.stringify({ ok: true }));\nglobalThis.leaked = 1;\n",
  "scripts/check.js":
    "console.log(typeof globalThis.leaked, require('fs').existsSync('out/result.json'));",
  "scripts/env.js": "console.log(JSON.stringify({ env: process.env, cwd: process.cwd() }));",
  // 600 MB of zeros in about 600 KB: more than the run's whole memory budget once inflated.
  "data/bomb.gz.b64": gzipSync(Buffer.alloc(600 * 1024 * 1024), { level: 9 }).toString("base64"),
  "scripts/gunzip_bomb.js": [
    "const zlib = require('zlib');",
    "const bomb = Buffer.from(require('fs').readFileSync('data/bomb.gz.b64', 'utf8'), 'base64');",
    "try { zlib.gunzipSync(bomb); console.log('inflated'); } catch (e) { console.log(e.code, e.name); }",
    "console.log(zlib.gunzipSync(zlib.gzipSync('still works')).toString());",
  ].join("\n"),
};

const probe = useTestSkill(SKILL, scripts);
const { run } = probe;

describe("JavaScript runtime through window.skillbox", () => {
  test("process.argv is node, the script's sandbox path, then the args literally", async () => {
    const args = ["a b", "$(id)", "*", "line\nbreak", "ünï ✓"];
    const result = await run("scripts/argv.js", args);
    expect(JSON.parse(result.stdout)).toEqual([
      "node",
      "/skills/js-probe/scripts/argv.js",
      ...args,
    ]);
  });

  test("environment and working directory", async () => {
    const { env, cwd } = JSON.parse((await run("scripts/env.js")).stdout);
    expect(cwd).toBe("/skills/js-probe");
    expect(env).toMatchObject({
      SKILL_PARAMETERS: "{}",
      PWD: "/skills/js-probe",
      HOME: "/home/user",
    });
  });

  test("the demo text-tools-js skill runs", async () => {
    const result = (await runScript(probe.page(), "text-tools-js", "scripts/text_stats.js", [
      "data/sample.txt",
      "--json",
    ])) as RunScriptResult;
    expect(result.exit_code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      words: expect.any(Number),
      lines: expect.any(Number),
    });
  });

  test("an endless loop with a 2 s limit times out, keeps its output, and the next run works", async () => {
    const result = await run("scripts/spin.js", [], 2000);
    expect(result).toMatchObject({ exit_code: 124, timed_out: true, stdout: "before the loop\n" });
    expect((await run("scripts/argv.js")).exit_code).toBe(0);
  });

  // The bomb takes 15-21 s to reach the memory limit on this project's 2-core machine; the time
  // limit is well past that, so the test sees the memory limit end it.
  test("an allocation bomb ends cleanly with a non-zero exit and a message", async () => {
    const result = await run("scripts/bomb.js", [], 60_000);
    expect(result.timed_out).toBe(false);
    expect(result.exit_code).not.toBe(0);
    expect(result.stderr).toMatch(/out of memory/i);
  });

  test("no browser network API exists; Node's network calls, and a child's, fail as offline", async () => {
    const { seen, failures } = JSON.parse((await run("scripts/no_network.js")).stdout) as {
      seen: Record<string, string>;
      failures: string[];
    };
    for (const [name, type] of Object.entries(seen)) expect(type, name).toBe("undefined");
    expect(failures).toEqual([
      "child: exit 1 urllib.error.URLError: <urlopen error [Errno 14] Connection refused>",
      "fetch: TypeError fetch failed ECONNREFUSED",
      "http: Error connect ECONNREFUSED 127.0.0.1:8 ECONNREFUSED",
      "net: Error getaddrinfo ENOTFOUND example.com ENOTFOUND",
    ]);
  });

  test("a script starting endless children ends at its time limit, and the next run works", async () => {
    const result = await run("scripts/spawn_storm.js", [], 3000);
    expect(result).toMatchObject({ exit_code: 124, timed_out: true });
    expect((await run("scripts/argv.js", ["after"])).stdout).toContain('"after"');
  });

  test("a gzip bomb stops at the run's memory budget with Node's error, and the script goes on", async () => {
    const result = await run("scripts/gunzip_bomb.js", [], 20_000);
    expect(result).toMatchObject({
      exit_code: 0,
      timed_out: false,
      stdout: "ERR_BUFFER_TOO_LARGE RangeError\nstill works\n",
    });
  });

  test("files written come back as URLs; nothing carries over to the next run", async () => {
    const written = await run("scripts/write.js");
    expect(written.files).toHaveLength(1);
    expect(written.files[0]).toMatch(/\/js-probe\/out\/result\.json$/);
    expect((await run("scripts/check.js")).stdout).toBe("undefined false\n");
  });
});
