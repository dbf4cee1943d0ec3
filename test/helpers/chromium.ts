import { type Browser, chromium } from "playwright-core";

/** Flags that work for Debian's headless Chromium on these machines. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium (never a downloaded one), headless, with `extraFlags` after ours. */
export function launchChromium(extraFlags: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, ...extraFlags],
  });
}
