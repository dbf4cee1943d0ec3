import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SCRIPT_RUN_DECLINED, SCRIPTS_NEVER_RUN } from "../../src/tools/scriptPolicy";
import { type FakeModelServer, startFakeModelServer } from "../helpers/fakeModelServer";
import { tinyGguf } from "../helpers/tinyGguf";
import {
  appUrl,
  callTool,
  installTestSkill,
  launchChromium,
  openApp,
  runScript,
  waitForApp,
} from "./app";

const AXE_SOURCE = readFileSync("node_modules/axe-core/axe.min.js", "utf8");
const WIDE = { width: 1400, height: 900 };
const NARROW = { width: 390, height: 844 };

let browser: Browser;
let model: FakeModelServer;
/** A model server that answers but sends no CORS headers: the page may not read it. */
let noCors: Server;
let noCorsUrl: string;

beforeAll(async () => {
  browser = await launchChromium();
  // Runs the demo script once, then answers.
  model = await startFakeModelServer((conversation) =>
    conversation.includes('"role":"tool"')
      ? { text: "The summary is in out/columns.csv." }
      : {
          calls: [
            {
              name: "run_skill_script",
              input: { skill_name: "csv-insights", script_path: "scripts/summarize.py", args: [] },
            },
          ],
        },
  );
  noCors = createServer((_req, res) => res.writeHead(200).end('{"data":[]}'));
  await new Promise<void>((resolve) => noCors.listen(0, "127.0.0.1", resolve));
  noCorsUrl = `http://127.0.0.1:${(noCors.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await browser?.close();
  await model?.close();
  await new Promise((resolve) => noCors?.close(resolve));
});

/** The app in a fresh context at a size and colour scheme; console errors fail the test. */
async function openAt(
  viewport: { width: number; height: number },
  colorScheme: "light" | "dark" = "light",
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(appUrl());
  await waitForApp(page);
  await page.locator("#skill-list li").first().waitFor({ state: "attached" });
  return { page, errors };
}

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's violations on the page as it is now, as `rule: selectors` lines. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[]).map(
    (v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

/** A skill's Run or Details button in the library. */
function skillButton(page: Page, skill: string, name: "Run" | "Details") {
  return page.locator(`[data-skill="${skill}"]`).getByRole("button", { name });
}

/** Clicks Run in the run console and returns the outcome it states when the run ends. */
async function consoleRun(page: Page): Promise<string> {
  await page.locator("#run-button").click();
  await expect
    .poll(() => page.locator("#run-status").textContent(), { timeout: 60_000 })
    .not.toMatch(/^Running/);
  return (await page.locator("#run-status").textContent()) ?? "";
}

describe("each view, wide and narrow, light and dark: axe-core finds nothing", () => {
  for (const colorScheme of ["light", "dark"] as const) {
    test(`1400 px, ${colorScheme}: library and chat, the run console with a preview, a skill's detail`, async () => {
      const { page, errors } = await openAt(WIDE, colorScheme);
      expect(await page.locator("#library-pane").isVisible()).toBe(true);
      expect(await page.locator("#chat-pane").isVisible()).toBe(true);
      expect(await page.locator("#console-pane").isVisible()).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      await page.locator("details.settings summary").click();
      await page.locator("#chat-protocol").selectOption("local");
      await page.locator("#local-model-file").setInputFiles({
        name: "tiny.gguf",
        mimeType: "application/octet-stream",
        buffer: Buffer.from(tinyGguf()),
      });
      await page.locator("#local-models li[data-model-id]").waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await skillButton(page, "csv-insights", "Run").click();
      expect(await page.locator("#console-pane").isVisible()).toBe(true);
      expect(await consoleRun(page)).toMatch(/^Exit code 0 after [\d.]+ s, 2 files\.$/);
      await page.locator(".data-table").waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await skillButton(page, "csv-insights", "Details").click();
      await page.locator("#skill-detail .markdown h1").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });

    test(`390 px, ${colorScheme}: one pane at a time, switched by the tabs`, async () => {
      const { page, errors } = await openAt(NARROW, colorScheme);
      const visible = async () => {
        const panes = ["library-pane", "chat-pane", "console-pane"];
        const shown = await Promise.all(panes.map((id) => page.locator(`#${id}`).isVisible()));
        return panes.filter((_, index) => shown[index]);
      };
      expect(await visible()).toEqual(["chat-pane"]);
      expect(await axeViolations(page)).toEqual([]);
      for (const [tab, pane] of [
        ["Library", "library-pane"],
        ["Run console", "console-pane"],
      ] as const) {
        await page.getByRole("button", { name: tab, exact: true }).click();
        expect(await visible()).toEqual([pane]);
        expect(
          await page.getByRole("button", { name: tab, exact: true }).getAttribute("aria-pressed"),
        ).toBe("true");
        expect(await axeViolations(page)).toEqual([]);
      }
      // The library's Add skill menu, the paste dialog and a skill's detail, on a phone.
      await page.getByRole("button", { name: "Library", exact: true }).click();
      await page.locator("#add-skill summary").click();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Paste…" }).click();
      expect(await page.locator("#paste-dialog").isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await skillButton(page, "csv-insights", "Details").click();
      await page.locator("#skill-detail .markdown h1").waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        NARROW.width,
      );
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe("the first five minutes", () => {
  test("no model: the chat says so, the demo script runs from the console, its CSV opens as a table", async () => {
    const { page, errors } = await openAt(WIDE);
    const card = page.getByRole("region", { name: "Getting started" });
    await card.waitFor();
    expect(await card.textContent()).toContain("No model is connected yet");
    await card.getByRole("button", { name: "Try a demo script" }).click();
    expect(await page.locator("#run-skill").inputValue()).toBe("csv-insights");
    expect(await page.locator("#run-script").inputValue()).toBe("scripts/summarize.py");
    // The skill's instructions give two examples; the first (no arguments) is filled in.
    expect(await page.locator("#run-example option").allTextContents()).toEqual([
      "(no arguments)",
      "data/inventory.csv --out out/inventory.md",
    ]);
    await page.locator("#run-example").selectOption({ index: 1 });
    expect(await page.locator("#run-args").inputValue()).toBe(
      "data/inventory.csv\n--out\nout/inventory.md",
    );
    await page.locator("#run-example").selectOption({ index: 0 });
    expect(await consoleRun(page)).toMatch(/^Exit code 0/);
    expect(await page.locator("#run-output").textContent()).toContain('"rows": 40');
    expect(await page.locator("#run-files li").allTextContents()).toEqual([
      "out/columns.csv",
      "out/report.md",
    ]);
    const table = page.locator("#run-preview .data-table");
    await table.waitFor();
    expect(await table.locator("thead th").allTextContents()).toEqual([
      "column",
      "type",
      "count",
      "missing",
      "distinct",
      "min",
      "max",
      "mean",
      "sum",
    ]);
    expect(await table.locator("tbody tr").count()).toBe(5);
    expect(await table.locator("tbody tr", { hasText: "units" }).textContent()).toContain("681");
    await page.locator("#run-files").getByRole("button", { name: "out/report.md" }).click();
    await page.locator("#run-preview .markdown table").first().waitFor();
    expect(await page.locator("#run-preview .markdown h1").textContent()).toContain(
      "data/sales.csv",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("the same path by keyboard: Tab to the demo, Enter to run, Enter to open a file", async () => {
    const { page } = await openAt(WIDE);
    await page.getByRole("region", { name: "Getting started" }).waitFor();
    const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let presses = 0; presses < 60 && (await focusedId()) !== "first-run-demo"; presses++) {
      await page.keyboard.press("Tab");
    }
    expect(await focusedId()).toBe("first-run-demo");
    // The focus ring is drawn (not suppressed by the theme).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe(
      "solid",
    );
    await page.keyboard.press("Enter");
    // The console opens with the focus on its Run button.
    await expect.poll(focusedId).toBe("run-button");
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.locator("#run-status").textContent(), { timeout: 60_000 })
      .toMatch(/^Exit code 0/);
    await page.locator("#run-files").getByRole("button", { name: "out/report.md" }).focus();
    await page.keyboard.press("Enter");
    await page.locator("#run-preview .markdown h1").waitFor();
    await page.context().close();
  });

  test("the connection test names the problem: 401, CORS with the fix, a wrong model, then connected", async () => {
    const { page } = await openAt(WIDE);
    await page.getByRole("button", { name: "Connect a model" }).click();
    expect(await page.locator("#chat details.settings").getAttribute("open")).not.toBeNull();
    const check = async (baseUrl: string, modelName: string, apiKey: string) => {
      await page.fill("#chat-base-url", baseUrl);
      await page.fill("#chat-model", modelName);
      await page.fill("#chat-api-key", apiKey);
      await page.locator("#chat-test").click();
      const result = page.locator("#chat-check .check-result");
      await result.waitFor({ timeout: 20_000 });
      return result.textContent();
    };
    expect(await check(`${model.url}/v1`, "test-model", "")).toBe(
      "The server refused the API key (HTTP 401). It needs one: enter an API key.",
    );
    const origin = new URL(appUrl()).origin;
    expect(await check(noCorsUrl, "test-model", "")).toBe(
      `${new URL(noCorsUrl).origin} answered, but does not allow this page (${origin}) to read its answers (CORS). The server must answer with Access-Control-Allow-Origin: ${origin} (and allow the Authorization or x-api-key header).`,
    );
    expect(await check(`${model.url}/v1`, "llama3.2", "good-key")).toBe(
      "Connected, but the server has no model “llama3.2”. It has: test-model.",
    );
    expect(await check(`${model.url}/v1`, "test-model", "good-key")).toBe(
      `Connected: test-model is ready at 127.0.0.1:${new URL(model.url).port}.`,
    );
    // Saving the endpoint ends the first-run card.
    await page.locator("#chat-save").click();
    await page.getByRole("region", { name: "Getting started" }).waitFor({ state: "hidden" });
    await page.context().close();
  });

  test("a file a tool call wrote in the chat opens in the same preview", async () => {
    const { page } = await openAt(WIDE);
    await page.evaluate(
      (baseUrl) =>
        window.skillbox.chat.setEndpoint({
          protocol: "openai",
          baseUrl,
          model: "test-model",
          apiKey: "good-key",
          stream: false,
        }),
      `${model.url}/v1`,
    );
    await page.fill("#chat-input", "Summarize the sales data");
    await page.press("#chat-input", "Enter");
    await page.locator(".message.assistant", { hasText: "The summary is in" }).waitFor({
      timeout: 60_000,
    });
    await page.locator(".tool-call").getByRole("button", { name: "out/columns.csv" }).click();
    await page.locator(".tool-call .data-table").waitFor();
    expect(await page.locator(".tool-call .data-table tbody tr").count()).toBe(5);
    await page.context().close();
  });
});

describe("progress and status", () => {
  test("each runtime's download shows its percentage, then the status line names each one ready", async () => {
    const context = await browser.newContext({ viewport: WIDE });
    const page = await context.newPage();
    // A slow line, so the runtimes' downloads (Pyodide alone is 13 MB) take a few seconds.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: 4 * 1024 * 1024,
      uploadThroughput: -1,
    });
    await page.goto(appUrl());
    const states = page.locator("#runtime-states");
    await expect
      .poll(() => states.textContent(), { timeout: 60_000 })
      .toMatch(/Python: loading \d+% of \d+\.\d MB/);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await waitForApp(page);
    await expect
      .poll(() => states.locator("li").allTextContents(), { timeout: 60_000 })
      .toEqual(["Python: ready", "JavaScript: ready", "Shell: ready"]);
    expect(await page.locator("#status").textContent()).toMatch(
      /^Ready\. Scripts run in an isolated sandbox with no network/,
    );
    await context.close();
  });
});

describe("runs you can watch", () => {
  test("output streams in before the run ends; Stop ends it with 130; a time limit with 124", async () => {
    const { page, errors } = await openAt(WIDE);
    await installTestSkill(page, "talker", {
      "scripts/talk.py":
        "import sys, time\nprint('first line', flush=True)\nprint('a warning', file=sys.stderr, flush=True)\ntime.sleep(3)\nprint('second line')\n",
      "scripts/spin.js": "console.log('spinning');\nfor (;;) {}\n",
    });
    await skillButton(page, "talker", "Run").click();
    await page.locator("#run-script").selectOption("scripts/talk.py");
    await page.locator("#run-button").click();
    const output = page.locator("#run-output");
    await expect.poll(() => output.textContent(), { timeout: 60_000 }).toContain("first line");
    // Seen while the script sleeps: the run is still going.
    expect(await page.locator("#run-status").textContent()).toBe("Running scripts/talk.py…");
    expect(await page.locator("#run-stop").isEnabled()).toBe(true);
    expect(await page.locator("#run-clock").textContent()).toMatch(/^[\d.]+ s of 30\.0 s$/);
    expect(await output.textContent()).not.toContain("second line");
    expect(await output.locator(".stderr").textContent()).toBe("a warning\n");
    await expect
      .poll(() => page.locator("#run-status").textContent(), { timeout: 30_000 })
      .toMatch(/^Exit code 0 after [\d.]+ s, 0 files\.$/);
    expect(await output.textContent()).toBe("first line\na warning\nsecond line\n");

    await page.locator("#run-script").selectOption("scripts/spin.js");
    await page.locator("#run-button").click();
    await expect.poll(() => output.textContent(), { timeout: 30_000 }).toContain("spinning");
    await page.locator("#run-stop").click();
    await expect
      .poll(() => page.locator("#run-status").textContent(), { timeout: 10_000 })
      .toMatch(/^Stopped after [\d.]+ s \(exit code 130\), 0 files\.$/);

    await page.locator("#run-limit").fill("2");
    expect(await consoleRun(page)).toBe(
      "Timed out: stopped at the time limit of 2.0 s (exit code 124), 0 files.",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test("a skill's detail: its file tree, code highlighted, SKILL.md rendered, versions", async () => {
    const { page } = await openAt(WIDE);
    await skillButton(page, "csv-insights", "Details").click();
    const dialog = page.locator("#skill-detail");
    await dialog.locator(".markdown h1").waitFor();
    expect(await dialog.locator(".markdown h1").textContent()).toBe("CSV Insights");
    expect(await dialog.locator(".versions li").allTextContents()).toEqual([
      "Version 1 · default · latestDeleteExport .zip",
    ]);
    await dialog.getByRole("button", { name: "summarize.py" }).click();
    await dialog.locator(".lines .code .hljs-keyword").first().waitFor();
    expect(await dialog.locator(".lines .gutter").textContent()).toMatch(/^1\n2\n3\n/);
    await dialog.getByRole("button", { name: "sales.csv" }).click();
    await expect.poll(() => dialog.locator(".data-table tbody tr").count()).toBe(40);
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe("a deployment's script policy", () => {
  const SKILL = { "scripts/echo.py": "import sys\nprint('ran', sys.argv[1:])\n" };

  test("ask: each run waits for the user's answer in a dialog that names the command", async () => {
    const page = await openApp(browser, "/", appUrl(), { scripts: "ask" });
    await installTestSkill(page, "asked", SKILL);
    const dialog = page.locator("#run-approval");

    const approved = runScript(page, "asked", "scripts/echo.py", ["x y", "z"]);
    await dialog.waitFor({ state: "visible" });
    expect(await page.locator("#run-approval-command").textContent()).toBe(
      'asked/scripts/echo.py "x y" z',
    );
    await page.locator("#run-approval-run").click();
    expect(await approved).toMatchObject({ exit_code: 0, stdout: "ran ['x y', 'z']\n" });
    await dialog.waitFor({ state: "hidden" });

    const declined = runScript(page, "asked", "scripts/echo.py");
    await dialog.waitFor({ state: "visible" });
    await page.locator("#run-approval-decline").click();
    expect(await declined).toEqual({ error: SCRIPT_RUN_DECLINED });
    await page.context().close();
  });

  test("never: runs are refused with the policy's error; instructions and the stated compatibility are still shown", async () => {
    const page = await openApp(browser, "/", appUrl(), { scripts: "never" });
    await installTestSkill(page, "instructions-only", {
      ...SKILL,
      "SKILL.md":
        "---\nname: instructions-only\ndescription: Reads only.\ncompatibility: Requires network access\n---\nRead me.\n",
    });
    await page.reload();
    await waitForApp(page);
    await skillButton(page, "instructions-only", "Details").click();
    await expect
      .poll(() => page.locator("#skill-detail p").allTextContents(), { timeout: 30_000 })
      .toContain("Compatibility: Requires network access");
    await page.keyboard.press("Escape");
    expect(await runScript(page, "instructions-only", "scripts/echo.py")).toEqual({
      error: SCRIPTS_NEVER_RUN,
    });
    expect(
      await callTool(page, "get_skill_instructions", { skill_name: "instructions-only" }),
    ).toMatchObject({ name: "instructions-only" });
    expect(await page.locator("#run-approval").isVisible()).toBe(false);
    await page.context().close();
  });
});
