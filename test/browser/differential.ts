import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RunScriptResult } from "../../src/tools/resultShaping";
import {
  type CorpusCase,
  corpusFiles,
  type NativeResult,
  readCases,
  runNative,
} from "../helpers/corpus";
import {
  installSkill,
  launchChromium,
  openApp,
  runScript,
  waitForApp,
  waitUntilCached,
} from "./app";

export interface DifferentialSuite {
  corpus: string;
  title: string;
  /** The real program a case runs with on this machine. */
  program(testCase: CorpusCase): string;
  /** The part of both outcomes that must agree. */
  compared(
    result: RunScriptResult,
    native: NativeResult,
    testCase: CorpusCase,
  ): { ours: object; theirs: object };
  /** Cases known to differ, by `SCRIPT ["args"]`, with the reason. */
  knownDifferences?: Readonly<Record<string, string>>;
  /** The deployment's skillbox.config.json, when the suite runs on other settings than the default. */
  deploymentConfig?: object;
  /**
   * Runs the cases with the network off: after the first visit is cached, the page is reloaded
   * offline, and its status must match `status` (so a fallback cannot pass for the real thing).
   */
  offline?: { status: Record<string, unknown> };
}

export const caseLabel = (c: CorpusCase) => `${c.script} ${JSON.stringify(c.args)}`;

/**
 * Runs every case of a corpus skill with the real program and through window.skillbox, and
 * reports how many agree. A listed known difference is expected to persist; once fixed, its test
 * fails as a reminder to take it off the list (and the README).
 */
export function defineDifferentialSuite(suite: DifferentialSuite): void {
  const cases = readCases(suite.corpus);
  let browser: Browser;
  let page: Page;
  let agreed = 0;

  beforeAll(async () => {
    browser = await launchChromium();
    page = await openApp(browser, "/", undefined, suite.deploymentConfig);
    await installSkill(page, { files: corpusFiles(suite.corpus) });
    if (suite.offline) {
      await waitUntilCached(page);
      await page.context().setOffline(true);
      await page.reload();
      await waitForApp(page);
      expect(await page.evaluate(() => window.skillbox.status())).toMatchObject(
        suite.offline.status,
      );
    }
  });

  afterAll(async () => {
    console.log(`${suite.corpus}: ${agreed} of ${cases.length} cases agree`);
    await browser?.close();
  });

  describe(suite.title, () => {
    for (const testCase of cases) {
      const known = suite.knownDifferences?.[caseLabel(testCase)];
      (known ? test.fails : test)(caseLabel(testCase), async () => {
        const native = runNative(suite.corpus, suite.program(testCase), testCase);
        const result = (await runScript(
          page,
          suite.corpus,
          testCase.script,
          testCase.args,
        )) as RunScriptResult;
        const { ours, theirs } = suite.compared(result, native, testCase);
        expect(ours).toEqual(theirs);
        agreed++;
      });
    }
  });
}
