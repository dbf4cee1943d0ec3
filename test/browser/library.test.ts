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

const DEMO_SKILLS = [
  "csv-insights",
  "demo-bank-api",
  "log-report-sh",
  "spreadsheet-report",
  "text-tools-js",
];

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
    warnings: [],
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
    'warning: Bad_Name/SKILL.md (name): "other" should equal the folder name "Bad_Name"',
  );
  expect(error).toContain("Bad_Name/SKILL.md (description): is required");
  expect(error).toContain(
    "warning: Bad_Name/SKILL.md (version): is not a key of the specification",
  );
  expect(await page.evaluate(() => window.skillbox.listSkills())).toEqual(before);
  await page.context().close();
});

test("a skill as authors publish it installs with warnings and runs; the publish check refuses it", async () => {
  const page = await openApp(browser);
  const files = {
    "report-kit/SKILL.md":
      "---\nname: report-kit\ndescription: Builds reports.\nversion: 1.0\nallowed-tools:\n  - Read\n  - Bash\ntriggers: [report]\n---\nRun scripts/go.py.\n",
    "report-kit/scripts/go.py": "print('ran')\n",
  };
  const strict = await page
    .evaluate((f) => window.skillbox.installSkill({ files: f }, { strict: true }), files)
    .then(
      () => null,
      (e: Error) => e.message,
    );
  expect(strict).toMatch(/Invalid skill bundle \(3 errors\)/);
  const installed = await page.evaluate((f) => window.skillbox.installSkill({ files: f }), files);
  expect(installed).toMatchObject({ name: "report-kit", version: 1 });
  expect(installed.warnings.map((w) => `${w.level} ${w.field} ${w.rule}`)).toEqual([
    "warning allowed-tools allowed-tools.list",
    "warning version front-matter.unknown-key",
    "warning triggers front-matter.unknown-key",
  ]);
  const listed = await page.evaluate(() => window.skillbox.listSkills());
  expect(listed.find((s) => s.name === "report-kit")?.warnings).toEqual(installed.warnings);
  const skill = await page.evaluate(() => window.skillbox.getSkill("report-kit"));
  expect(skill?.manifest["allowed-tools"]).toBe("Read Bash");
  const result = (await runScript(page, "report-kit", "scripts/go.py")) as RunScriptResult;
  expect(result).toMatchObject({ exit_code: 0, stdout: "ran\n" });
  await page.context().close();
});
