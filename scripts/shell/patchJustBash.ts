/**
 * Applies JUST_BASH_PATCHES to the installed just-bash bundle (`npm install` runs this as
 * `postinstall`). The untouched bundle is kept beside it, so patching again (after a patch is
 * edited) starts from the original, and a snippet that is missing or appears twice stops the
 * install with its name rather than leaving a half-patched interpreter.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  applyBundlePatches,
  JUST_BASH_PATCHES,
  PATCHED_JUST_BASH_VERSION,
} from "./justBashPatches.ts";

const packageDir = join(import.meta.dirname, "../../node_modules/just-bash");
const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
if (version !== PATCHED_JUST_BASH_VERSION) {
  throw new Error(
    `just-bash ${version} is installed; scripts/shell/justBashPatches.ts was written for ${PATCHED_JUST_BASH_VERSION}: check each snippet against the new bundle`,
  );
}
const bundle = join(packageDir, "dist/bundle/browser.js");
const pristine = `${bundle}.pristine`;
if (!existsSync(pristine)) copyFileSync(bundle, pristine);
writeFileSync(bundle, applyBundlePatches(readFileSync(pristine, "utf8"), JUST_BASH_PATCHES));
console.log(`just-bash ${version}: ${JUST_BASH_PATCHES.length} patches applied`);
