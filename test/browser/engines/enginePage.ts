/**
 * One browser engine, driven the same way whatever protocol reaches it (CDP through Playwright,
 * WebDriver BiDi through Puppeteer, WebDriver classic for WebKit), so that one suite runs in all.
 */
export type EngineName = "chromium" | "firefox" | "webkit";

export interface EnginePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /**
   * Runs `fn(arg)` in the top document and returns its (awaited, JSON-shaped) result. `fn` is
   * sent as source text, so it may use nothing from the test's scope.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Error-level console messages and uncaught errors seen so far, from the page and its frames. */
  consoleErrors(): Promise<string[]>;
  close(): Promise<void>;
}

export interface Engine {
  name: EngineName;
  /** A page in a fresh profile or browser context: no storage shared with earlier pages. */
  open(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Polls `fn(arg)` in the page until it returns a truthy value. */
export async function waitUntil<A>(
  page: EnginePage,
  fn: (arg: A) => unknown,
  arg: A,
  { timeoutMs = 60_000, what = "a condition" } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
