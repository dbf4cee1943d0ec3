import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RawRunOutcome } from "../../src/sandbox/runtime";
import type { ShellEngineConfig } from "../../src/sandbox/shellEngine";
import { appUrl, launchChromium } from "./app";

/**
 * The Wasmer shell engine's plumbing, proven with WASI programs written for it in C
 * (test/wasi/*.c, built by scripts/build-wasi-test-programs.sh). Each program is configured as
 * the deployment's "shell package" and run as `PROGRAM SCRIPT ARGS…`, as a shell would be.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function openHarness(shell: ShellEngineConfig): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  page.on("console", (m) => console.log("[console]", m.text()));
  page.on("pageerror", (e) => console.log("[pageerror]", e.message));
  await page.goto(new URL("/test/browser/harness/index.html", appUrl()).href);
  await page.waitForFunction(() => "harness" in window);
  await page.evaluate((o) => window.harness.open(o as never), {
    relaxedLayers: [],
    relaxCsp: false,
    shell,
  });
  return page;
}

interface RunOptions {
  args?: string[];
  files?: Record<string, string>;
  timeLimitMs?: number;
}

function runShell(page: Page, options: RunOptions = {}): Promise<RawRunOutcome> {
  return page.evaluate(
    ({ args, files, timeLimitMs }) => {
      const enc = new TextEncoder();
      return window.harness.run({
        runId: crypto.randomUUID(),
        language: "shell",
        skillName: "wasi-demo",
        scriptPath: "scripts/run.sh",
        args,
        files: Object.fromEntries(Object.entries(files).map(([p, t]) => [p, enc.encode(t)])),
        env: { SKILL_PARAMETERS: '{"k":1}', HOME: "/home/user" },
        timeLimitMs,
        maxOutputChars: 100_000,
      });
    },
    {
      args: options.args ?? [],
      files: { "scripts/run.sh": "echo from the script\n", ...options.files },
      timeLimitMs: options.timeLimitMs ?? 30_000,
    },
  );
}

const decode = (data: Uint8Array | Record<string, number>) =>
  new TextDecoder().decode(
    data instanceof Uint8Array ? data : Uint8Array.from(Object.values(data)),
  );

describe("Wasmer shell engine", () => {
  test("passes the script path and every argument literally, with the run's environment", async () => {
    const page = await openHarness({ engine: "wasmer", package: "/test-wasi/echo_args.wasm" });
    const args = ["two words", "$(whoami)", "*", "it's", "", "ünïcode ✓"];
    const outcome = await runShell(page, { args });
    expect(outcome.stderr).toBe("");
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toBe(
      [
        `argc=${args.length + 1}`,
        "[scripts/run.sh]",
        ...args.map((a) => `[${a}]`),
        "PWD=/workspace/skills/wasi-demo",
        'SKILL_PARAMETERS={"k":1}',
        "",
      ].join("\n"),
    );
    await page.context().close();
  });
});
