#!/usr/bin/env node
/**
 * `npx skillbox-assets DIR`: copies Skillbox's runtime folder to DIR, for any bundler or a plain
 * static site. Serve DIR at the URL given to `createSkillbox({ assetsUrl })`.
 */
import { resolve } from "node:path";
import { copyRuntime, packagedRuntimeDir } from "./runtimeFolder.ts";

const USAGE = "usage: skillbox-assets DIR   (copies the Skillbox runtime folder to DIR)";
const [target, ...rest] = process.argv.slice(2);
if (!target || rest.length > 0 || target.startsWith("-")) {
  console.error(USAGE);
  process.exit(target === "--help" || target === "-h" ? 0 : 2);
}
try {
  copyRuntime(packagedRuntimeDir(), resolve(target));
  console.log(`Copied the Skillbox runtime to ${resolve(target)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
