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
 * The one build and server the browser projects share, and how many projects still use it. Kept
 * on the global object: Vitest loads this module once per project.
 */
interface SharedApp {
  served?: Promise<{ url: string; close: () => Promise<void> }>;
  users: number;
}
const holder = globalThis as { skillboxTestApp?: SharedApp };
holder.skillboxTestApp ??= { users: 0 };
const shared = holder.skillboxTestApp;

async function buildAndServe() {
  process.env.SKILLBOX_TEST_HOOKS = "1";
  execFileSync("npm", ["run", "--silent", "build:package"], { stdio: "inherit" });
  await buildTestPackageSet();
  await build({ logLevel: "warn" });
  const server = await preview({ logLevel: "warn", preview: { host: "127.0.0.1", port: 4317 } });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("the preview server did not report its URL");
  return { url, close: () => server.close() };
}

/**
 * Builds the package, a Python package set and the app on them once, and serves the app, with its
 * real headers, on 127.0.0.1 for every browser test. Each browser project calls this; the first
 * builds, the last to finish closes the server.
 */
export default async function setup(project: TestProject) {
  shared.served ??= buildAndServe();
  shared.users++;
  project.provide("appUrl", (await shared.served).url);
  return async () => {
    shared.users--;
    if (shared.users === 0) await (await shared.served!).close();
  };
}
