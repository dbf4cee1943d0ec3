import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { applyBundlePatches, JUST_BASH_PATCHES } from "../../scripts/shell/justBashPatches";

const bundle = join(import.meta.dirname, "../../node_modules/just-bash/dist/bundle/browser.js");

describe("just-bash bundle patches", () => {
  test("every patch finds its snippet exactly once in the pristine bundle", () => {
    const pristine = readFileSync(`${bundle}.pristine`, "utf8");
    expect(() => applyBundlePatches(pristine, JUST_BASH_PATCHES)).not.toThrow();
  });

  test("the installed bundle is the patched one", () => {
    const pristine = readFileSync(`${bundle}.pristine`, "utf8");
    expect(readFileSync(bundle, "utf8")).toBe(applyBundlePatches(pristine, JUST_BASH_PATCHES));
  });

  test("a missing or repeated snippet is an error naming the patch", () => {
    const patch = { id: "demo", why: "", find: "needle", replace: "pin" };
    expect(applyBundlePatches("a needle here", [patch])).toBe("a pin here");
    expect(() => applyBundlePatches("nothing", [patch])).toThrow(
      'just-bash patch "demo": its snippet is not in the bundle',
    );
    expect(() => applyBundlePatches("needle needle", [patch])).toThrow(
      'just-bash patch "demo": its snippet appears more than once',
    );
  });
});
