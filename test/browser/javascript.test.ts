import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { type CorpusCase, corpusFiles, readCases, runNative } from "../helpers/corpus";
import { installSkill, launchChromium, openApp, runScript } from "./app";

const CORPUS = "js-corpus";
const cases = readCases(CORPUS);
let browser: Browser;
let page: Page;
let agreed = 0;

beforeAll(async () => {
  browser = await launchChromium();
  page = await openApp(browser);
  await installSkill(page, { files: corpusFiles(CORPUS) });
});

afterAll(async () => {
  console.log(`JavaScript corpus: ${agreed} of ${cases.length} cases agree with node`);
  await browser?.close();
});

const label = (c: CorpusCase) => `${c.script} ${JSON.stringify(c.args)}`;

describe("JavaScript scripts agree with node on stdout, stderr and exit code", () => {
  for (const testCase of cases) {
    test(label(testCase), async () => {
      const native = runNative(CORPUS, "node", testCase);
      const result = (await runScript(
        page,
        CORPUS,
        testCase.script,
        testCase.args,
      )) as RunScriptResult;
      const compareStderr = testCase.compareStderr !== false;
      expect({
        stdout: result.stdout,
        exitCode: result.exit_code,
        stderr: compareStderr ? (result.stderr ?? "") : "",
      }).toEqual({
        stdout: native.stdout,
        exitCode: native.exitCode,
        stderr: compareStderr && native.exitCode !== 0 ? native.stderr : "",
      });
      agreed++;
    });
  }
});
