import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { installSkill, installTestSkill, launchChromium, openApp, runScript } from "./app";

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const DEMO_SKILLS = ["csv-insights", "demo-bank-api", "log-report-sh", "text-tools-js"];

test("installed skills and their versions survive a page reload; demo skills are not reinstalled", async () => {
  const page = await openApp(browser);
  expect((await page.evaluate(() => window.skillbox.listSkills())).map((s) => s.name)).toEqual(
    DEMO_SKILLS,
  );
  await installTestSkill(page, "kept-skill", { "hello.py": "print('version 1')\n" });
  expect(
    await installTestSkill(page, "kept-skill", { "hello.py": "print('version 2')\n" }),
  ).toEqual({
    name: "kept-skill",
    version: 2,
  });

  await page.reload();
  await page.waitForFunction(() => "skillbox" in window);
  await page.evaluate(() => window.skillbox.ready);
  const skills = await page.evaluate(() => window.skillbox.listSkills());
  expect(skills.map((s) => s.name)).toEqual([...DEMO_SKILLS, "kept-skill"].sort());
  expect(skills.find((s) => s.name === "kept-skill")).toMatchObject({
    versions: [1, 2],
    defaultVersion: 1,
  });
  expect(skills.find((s) => s.name === "csv-insights")?.versions).toEqual([1]);
  const result = (await runScript(page, "kept-skill", "hello.py")) as RunScriptResult;
  expect(result.stdout).toBe("version 1\n");
  await page.context().close();
});

test("an invalid bundle installs nothing and its error lists every problem", async () => {
  const page = await openApp(browser);
  const before = await page.evaluate(() => window.skillbox.listSkills());
  const error = await installSkill(page, {
    files: {
      "Bad_Name/SKILL.md": "---\nname: other\nversion: 2\n---\n",
      "Bad_Name/../escape.py": "x",
    },
  }).then(
    () => null,
    (e: Error) => e.message,
  );
  expect(error).toContain("Bad_Name/../escape.py: path contains '..'");
  expect(error).toContain(
    'Bad_Name/SKILL.md (name): "other" must equal the folder name "Bad_Name"',
  );
  expect(error).toContain("Bad_Name/SKILL.md (description): is required");
  expect(error).toContain("Bad_Name/SKILL.md (version): unknown front matter key");
  expect(await page.evaluate(() => window.skillbox.listSkills())).toEqual(before);
  await page.context().close();
});
