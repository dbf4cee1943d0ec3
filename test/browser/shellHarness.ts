import type { Browser, Page } from "playwright-core";
import type { RawRunOutcome } from "../../src/sandbox/runtime";
import type { ShellEngineConfig } from "../../src/sandbox/shellEngine";
import { appUrl } from "./app";

/** The sandbox harness page, its sandbox opened with these shell settings. */
export async function openShellHarness(browser: Browser, shell: ShellEngineConfig): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(new URL("/test/browser/harness/index.html", appUrl()).href);
  await page.waitForFunction(() => "harness" in window);
  await page.evaluate((o) => window.harness.open(o), {
    relaxedLayers: [],
    relaxCsp: false,
    shell,
  });
  return page;
}

export interface RunOptions {
  args?: string[];
  files?: Record<string, string>;
  timeLimitMs?: number;
}

/** A run's outcome with the returned files decoded, so they cross the page boundary as text. */
export interface TextOutcome extends Omit<RawRunOutcome, "files"> {
  files: Record<string, string>;
}

/** Runs `scripts/run.sh` of a skill made of `options.files` through the harness's sandbox. */
export function runShell(page: Page, options: RunOptions = {}): Promise<TextOutcome> {
  return page.evaluate(
    async ({ args, files, timeLimitMs }) => {
      const enc = new TextEncoder();
      const dec = new TextDecoder();
      const outcome = await window.harness.run({
        runId: crypto.randomUUID(),
        language: "shell",
        skillName: "wasi-demo",
        scriptPath: "scripts/run.sh",
        args,
        files: Object.fromEntries(Object.entries(files).map(([p, t]) => [p, enc.encode(t)])),
        env: { SKILL_PARAMETERS: '{"k":1}', HOME: "/home/user" },
        timeLimitMs,
        maxOutputChars: 100_000,
        outputFiles: { maxFiles: 100, maxBytes: 50 * 1024 * 1024 },
        memoryLimitBytes: 512 * 1024 * 1024,
      });
      return {
        ...outcome,
        files: Object.fromEntries(outcome.files.map((f) => [f.path, dec.decode(f.data)])),
      };
    },
    {
      args: options.args ?? [],
      files: { "scripts/run.sh": "echo from the script\n", ...options.files },
      timeLimitMs: options.timeLimitMs ?? 30_000,
    },
  );
}
