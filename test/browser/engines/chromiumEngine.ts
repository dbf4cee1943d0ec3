import type { Page } from "playwright-core";
import { launchChromium } from "../app";
import type { Engine, EnginePage } from "./enginePage";

function chromiumPage(page: Page): EnginePage {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    // `arg` reaches the page as plain data, which Playwright types as `Unboxed<A>`; for the
    // JSON-shaped arguments an EnginePage takes the two are the same.
    evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      page.evaluate<R, A>(fn as Parameters<typeof page.evaluate<R, A>>[0], arg),
    consoleErrors: async () => [...errors],
    close: () => page.context().close(),
  };
}

/** Debian's Chromium through Playwright (CDP). */
export async function chromiumEngine(): Promise<Engine> {
  const browser = await launchChromium();
  return {
    name: "chromium",
    open: async () => chromiumPage(await (await browser.newContext()).newPage()),
    close: () => browser.close(),
  };
}
