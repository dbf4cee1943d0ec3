import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import type { CallToolOptions, InstallSource } from "../../src/index";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import type { ToolResult } from "../../src/tools/skillTools";

import { launchChromium } from "../helpers/chromium";

export { CHROMIUM_FLAGS, launchChromium } from "../helpers/chromium";

export function appUrl(): string {
  return inject("appUrl");
}

/**
 * Opens the app in a fresh context and waits for `window.skillbox.ready`; with `deploymentConfig`,
 * as a deployment whose skillbox.config.json says that.
 */
export async function openApp(
  browser: Browser,
  path = "/",
  base = appUrl(),
  deploymentConfig?: object,
): Promise<Page> {
  const context = await browser.newContext();
  if (deploymentConfig) {
    await context.route("**/skillbox.config.json", (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify(deploymentConfig) }),
    );
  }
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error("[page error]", error.message));
  await page.goto(new URL(path, base).href);
  await waitForApp(page);
  return page;
}

/** Waits until the service worker controls the page and has cached the whole build. */
export async function waitUntilCached(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getElementById("offline-status")?.textContent === "Available offline.",
    null,
    { timeout: 90_000 },
  );
  await waitForServiceWorker(page);
}

/**
 * Waits until the service worker controls the page, so the page's own requests for output file
 * URLs reach it: on a first visit that happens only once it has cached the build, which a fast
 * run can beat.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 90_000,
  });
}

/** Waits until the page's Skillbox has its library open and its sandbox attached. */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(() => "skillbox" in window);
  await page.evaluate(() => window.skillbox.ready);
}

export function callTool(
  page: Page,
  toolName: string,
  args: unknown,
  options: CallToolOptions = {},
): Promise<ToolResult> {
  return page.evaluate(([name, a, o]) => window.skillbox.callTool(name, a, o), [
    toolName,
    args,
    options,
  ] as const);
}

export function installSkill(page: Page, source: InstallSource) {
  return page.evaluate((s) => window.skillbox.installSkill(s), source);
}

/** A test skill made of the given files (paths inside the skill folder) and a SKILL.md. */
export function testSkillSource(name: string, files: Record<string, string>): InstallSource {
  const bundle: Record<string, string> = {
    [`${name}/SKILL.md`]: `---\nname: ${name}\ndescription: Test skill ${name}.\n---\nFor tests.\n`,
  };
  for (const [path, text] of Object.entries(files)) bundle[`${name}/${path}`] = text;
  return { files: bundle };
}

export function installTestSkill(page: Page, name: string, files: Record<string, string>) {
  return installSkill(page, testSkillSource(name, files));
}

/** run_skill_script with the given skill, script and args. */
export function runScript(
  page: Page,
  skill: string,
  script: string,
  args: string[] = [],
  options: CallToolOptions = {},
) {
  return callTool(
    page,
    "run_skill_script",
    { skill_name: skill, script_path: script, args },
    options,
  );
}

/** A browser and the app open in it for one test file: opened before its tests, closed after. */
export function useApp() {
  let browser: Browser | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await openApp(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return { browser: () => browser!, page: () => page! };
}

/**
 * A browser, the app and a test skill for one test file: installed before its tests, closed
 * after. `run` runs a script of the skill, optionally with a time limit.
 */
export function useTestSkill(name: string, files: Record<string, string>) {
  const app = useApp();
  beforeAll(() => installTestSkill(app.page(), name, files));
  return {
    page: app.page,
    run: (script: string, args: string[] = [], timeLimitMs?: number) =>
      runScript(
        app.page(),
        name,
        script,
        args,
        timeLimitMs ? { timeLimitMs } : {},
      ) as Promise<RunScriptResult>,
  };
}
