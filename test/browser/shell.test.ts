import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import { type CorpusCase, corpusFiles, readCases, runNative } from "../helpers/corpus";
import { installSkill, launchChromium, openApp, runScript } from "./app";
import { KNOWN_SHELL_DIFFERENCES } from "./shellKnownDifferences";

const CORPUS = "sh-corpus";
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
  console.log(`shell corpus: ${agreed} of ${cases.length} cases agree with the real shell`);
  await browser?.close();
});

const label = (c: CorpusCase) => `${c.script} ${JSON.stringify(c.args)}`;

describe("shell scripts agree with dash/bash on stdout and exit code", () => {
  for (const testCase of cases) {
    const known = KNOWN_SHELL_DIFFERENCES[label(testCase)];
    // A listed difference is expected to persist; when it is fixed, this fails as a reminder to
    // take it off the list (and the README).
    const run = known ? test.fails : test;
    run(label(testCase), async () => {
      const native = runNative(CORPUS, testCase.shell === "bash" ? "bash" : "sh", testCase);
      const result = (await runScript(
        page,
        CORPUS,
        testCase.script,
        testCase.args,
      )) as RunScriptResult;
      expect({ stdout: result.stdout, exitCode: result.exit_code }).toEqual({
        stdout: native.stdout,
        exitCode: native.exitCode,
      });
      agreed++;
    });
  }
});
