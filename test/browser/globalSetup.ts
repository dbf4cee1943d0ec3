import { execFileSync } from "node:child_process";
import { build, preview } from "vite";
import type { TestProject } from "vitest/node";
import { buildTestPackageSet } from "../helpers/testPackageSet";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/**
 * Builds the package, a Python package set and the app on them once, and serves the app, with its real headers, on
 * 127.0.0.1 for every browser test.
 */
export default async function setup(project: TestProject) {
  process.env.SKILLBOX_TEST_HOOKS = "1";
  execFileSync("npm", ["run", "--silent", "build:package"], { stdio: "inherit" });
  await buildTestPackageSet();
  await build({ logLevel: "warn" });
  const server = await preview({ logLevel: "warn", preview: { host: "127.0.0.1", port: 4317 } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("the preview server did not report its URL");
  project.provide("appUrl", url);
  return async () => {
    await server.close();
  };
}
