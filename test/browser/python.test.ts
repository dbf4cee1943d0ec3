import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { installSkill, launchChromium, openApp, runScript } from "./app";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await openApp(browser);
  await installSkill(page, {
    files: {
      "py-probe/SKILL.md": "---\nname: py-probe\ndescription: Python probes for tests.\n---\nProbes.\n",
      "py-probe/scripts/hello.py": "print('hello from python')\n",
    },
  });
});

afterAll(async () => {
  await browser?.close();
});

describe("Python runtime", () => {
  test("hello world", async () => {
    expect(await runScript(page, "py-probe", "scripts/hello.py")).toEqual({
      exit_code: 0,
      stdout: "hello from python\n",
      timed_out: false,
      files: [],
    });
  });
});
