import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { corpusDir, corpusFiles, filesUnder } from "../helpers/corpus";
import { launchChromium, openApp, runScript } from "./app";

/**
 * Skills modelled on what public skills do (lenient front matter, .mjs/.cjs entries, top-level
 * requires with fallbacks, locale formatting, argparse, bundled data, reports and output files),
 * each run natively and in the sandbox: stdout, exit code and every file written must agree.
 */
interface RealSkillCase {
  skill: string;
  script: string;
  args: string[];
}

const ROOT = corpusDir("real-skills");
const cases = JSON.parse(readFileSync(join(ROOT, "cases.json"), "utf8")) as RealSkillCase[];
const skills = [...new Set(cases.map((c) => c.skill))];

/**
 * A PATH holding only the two interpreters (their real binaries, not version-manager shims):
 * natively too, no other program (git, curl…) exists.
 */
function interpretersOnly(): string {
  const bin = mkdtempSync(join(tmpdir(), "interpreters-"));
  const python = spawnSync("python3", ["-c", "import sys; print(sys.executable)"], {
    encoding: "utf8",
  }).stdout.trim();
  symlinkSync(python, join(bin, "python3"));
  symlinkSync(process.execPath, join(bin, "node"));
  return bin;
}

/**
 * A written file as compared: compressed output by its content, since the sandbox's deflate
 * (fflate) and zlib choose different, equally valid, encodings of the same bytes.
 */
function comparable(name: string, data: Buffer): string {
  return (name.endsWith(".gz") ? gunzipSync(data) : data).toString("base64");
}

interface Outcome {
  stdout: string;
  exitCode: number;
  files: Record<string, string>;
}

function runNative(testCase: RealSkillCase, path: string): Outcome {
  const home = mkdtempSync(join(tmpdir(), "real-skill-"));
  const copy = join(home, testCase.skill);
  mkdirSync(copy);
  cpSync(join(ROOT, testCase.skill), copy, { recursive: true });
  const before = filesUnder(copy);
  const program = join(path, testCase.script.endsWith(".py") ? "python3" : "node");
  const result = spawnSync(program, [testCase.script, ...testCase.args], {
    cwd: copy,
    encoding: "utf8",
    env: { PATH: path, LANG: "C.UTF-8", HOME: home, TZ: "UTC" },
    input: "",
    timeout: 30_000,
  });
  const files: Record<string, string> = {};
  for (const [name, data] of filesUnder(copy)) {
    if (!before.get(name)?.equals(data)) files[name] = comparable(name, data);
  }
  return { stdout: result.stdout, exitCode: result.status ?? -1, files };
}

async function runSandboxed(page: Page, testCase: RealSkillCase): Promise<Outcome> {
  const result = (await runScript(
    page,
    testCase.skill,
    testCase.script,
    testCase.args,
  )) as RunScriptResult;
  const files: Record<string, string> = {};
  for (const url of result.files) {
    const name = decodeURIComponent(new URL(url).pathname).split(`/${testCase.skill}/`)[1]!;
    const base64 = await page.evaluate(async (href) => {
      const bytes = (await window.skillbox.readOutputFile(href)) ?? new Uint8Array();
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, url);
    files[name] = comparable(name, Buffer.from(base64, "base64"));
  }
  return { stdout: result.stdout, exitCode: result.exit_code, files };
}

let browser: Browser;
let page: Page;
let path: string;
let agreed = 0;

beforeAll(async () => {
  path = interpretersOnly();
  browser = await launchChromium();
  page = await openApp(browser);
});

afterAll(async () => {
  console.log(`real-skills: ${agreed} of ${cases.length} runs agree with python3/node`);
  await browser?.close();
});

/** The front-matter fields each corpus skill writes outside the specification. */
const WARNED: Readonly<Record<string, string[]>> = {
  "csv-report": ["allowed-tools", "version", "triggers"],
  "invoice-formatter": ["metadata.tags", "disable-model-invocation"],
  "repo-inspector": ["requires"],
  "weather-brief": ["version"],
  "text-stats": [],
};

describe("skills as authors publish them install, with warnings where the spec is not followed", () => {
  test.each(skills)("%s installs", async (skill) => {
    const installed = await page.evaluate(
      (files) => window.skillbox.installSkill({ files }),
      corpusFiles(`real-skills/${skill}`, skill),
    );
    expect(installed).toMatchObject({ name: skill, version: 1 });
    expect(installed.warnings.map((w) => w.field)).toEqual(WARNED[skill]);
  });
});

describe("their scripts run as natively: stdout, exit code and files written", () => {
  for (const testCase of cases) {
    test(`${testCase.skill} ${testCase.script} ${JSON.stringify(testCase.args)}`, async () => {
      const native = runNative(testCase, path);
      const ours = await runSandboxed(page, testCase);
      expect(ours).toEqual(native);
      agreed++;
    });
  }
});
