/**
 * `npm run screenshots`: builds the app, serves it on 127.0.0.1, and photographs its main views
 * with Debian's headless Chromium into docs/screenshots/ (the README shows them). Run it again
 * after a change to the interface.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { preview } from "vite";
import { launchChromium } from "../test/helpers/chromium";

const OUT = "docs/screenshots";
const WIDE = { width: 1400, height: 860 };
const NARROW = { width: 390, height: 844 };

execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
const server = await preview({ logLevel: "warn", preview: { host: "127.0.0.1", port: 4318 } });
const url = server.resolvedUrls?.local[0];
if (!url) throw new Error("the preview server did not report its URL");
const browser = await launchChromium();

async function open(viewport: typeof WIDE, colorScheme: "light" | "dark"): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  await page.goto(url!);
  await page.waitForFunction(() => "skillbox" in window);
  await page.evaluate(() => window.skillbox.ready);
  await page.locator("#skill-list li").first().waitFor({ state: "attached" });
  // The runtimes' status settles (workers booted) before a picture is taken.
  await page.waitForFunction(
    () => !document.querySelector("#runtime-states")?.textContent?.match(/loading|starting/),
    undefined,
    { timeout: 60_000 },
  );
  return page;
}

/** Runs the demo script from the first-run card and waits for its table preview. */
async function runDemo(page: Page): Promise<void> {
  await page.locator("#first-run-demo").click();
  await page.locator("#run-button").click();
  await page.locator("#run-preview .data-table").waitFor({ timeout: 60_000 });
  // The console scrolls so the status, the file buttons and the preview are in the picture.
  await page.evaluate(() =>
    document.getElementById("run-status")?.scrollIntoView({ block: "start" }),
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  // The elapsed-time ticker and caret would differ between runs of this script.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.screenshot({ path: `${OUT}/${name}.png` });
  console.log(`${OUT}/${name}.png`);
}

mkdirSync(OUT, { recursive: true });
try {
  const first = await open(WIDE, "light");
  await shoot(first, "first-run");
  await runDemo(first);
  await shoot(first, "run-console");
  await first
    .locator('[data-skill="csv-insights"]')
    .getByRole("button", { name: "Details" })
    .click();
  await first.locator("#skill-detail").getByRole("button", { name: "summarize.py" }).click();
  await first.locator("#skill-detail .hljs-keyword").first().waitFor();
  await shoot(first, "skill-detail");

  const dark = await open(WIDE, "dark");
  await runDemo(dark);
  await dark.locator("#run-files").getByRole("button", { name: "out/report.md" }).click();
  await dark.locator("#run-preview .markdown table").first().waitFor();
  await shoot(dark, "run-console-dark");

  const narrow = await open(NARROW, "light");
  await shoot(narrow, "narrow-chat");
  await runDemo(narrow);
  await shoot(narrow, "narrow-console");
} finally {
  await browser.close();
  await server.close();
}
