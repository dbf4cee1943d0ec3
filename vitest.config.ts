import { defineConfig } from "vitest/config";

/**
 * Browser suites that must have the machine to themselves: their assertions are about time (a
 * page's lag, a call answered within its limit) or their browser is fragile under load (WebKit
 * in the cross-engine suite; Chromium's and Firefox's run of that suite run beside the others).
 * They run after the others, one file at a time.
 */
const ALONE = ["test/browser/engines.webkit.test.ts", "test/browser/faultStorm.test.ts"];

const browserProject = {
  environment: "node" as const,
  globalSetup: ["test/browser/globalSetup.ts"],
  testTimeout: 120_000,
  hookTimeout: 180_000,
};

export default defineConfig({
  test: {
    reporters: ["default", "./test/summaryReporter.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          maxWorkers: 2,
        },
      },
      {
        // Most browser time is waiting (boots, time limits, a server's silence), so two files at
        // once keep both cores busy without one test's timing leaning on another's.
        test: {
          ...browserProject,
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          exclude: ALONE,
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...browserProject,
          name: "browser-alone",
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
