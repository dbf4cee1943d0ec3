import puppeteer, { type EvaluateFunc, type Page } from "puppeteer-core";
import type { Engine, EnginePage } from "./enginePage";

export const FIREFOX = "/usr/bin/firefox-esr";

/**
 * Where an uncaught error came from, for the console check's report. Firefox words a thrown or
 * rejected non-Error the same whoever threw it, and gives a worker's no stack at all.
 */
function whereFrom(error: unknown): string {
  const frame = (error as Error | undefined)?.stack
    ?.split("\n")
    .find((line) => line.trimStart().startsWith("at "));
  return frame ? `(${frame.trim()})` : "(no stack: a worker's, or a module's top level)";
}

function firefoxPage(page: Page): EnginePage {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${String(error)} ${whereFrom(error)}`));
  return {
    goto: async (url) => {
      await page.goto(url);
    },
    // Puppeteer's BiDi reload waits for a navigation event Firefox does not send when a service
    // worker answers with the server gone (the page itself loads at once), so this reloads from
    // the page and waits for the new document.
    reload: async () => {
      await page.evaluate(() => {
        Object.assign(window, { skillboxOldDocument: true });
        location.reload();
      });
      await page.waitForFunction(
        () => !("skillboxOldDocument" in window) && document.readyState === "complete",
        { timeout: 60_000 },
      );
    },
    // `arg` reaches the page as plain data, which Puppeteer types as `FlattenHandle<A>`; for the
    // JSON-shaped arguments an EnginePage takes the two are the same.
    evaluate: async <A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> =>
      (await page.evaluate(fn as EvaluateFunc<[A]>, arg)) as R,
    consoleErrors: async () => [...errors],
    close: () => page.browserContext().close(),
  };
}

/** Debian's Firefox ESR through Puppeteer over WebDriver BiDi. */
export async function firefoxEngine(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    protocol: "webDriverBiDi",
  });
  return {
    name: "firefox",
    open: async () => firefoxPage(await (await browser.createBrowserContext()).newPage()),
    close: () => browser.close(),
  };
}
