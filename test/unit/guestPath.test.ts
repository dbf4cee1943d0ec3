import { readFileSync } from "node:fs";
import { posix as nativePosix, win32 as nativeWin32 } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";

/**
 * The JavaScript guest's `node:path` (plain JavaScript that runs in QuickJS), loaded here with
 * the two things it takes from the guest: the coded argument error and `process`.
 */
function guestPath(): { posix: typeof nativePosix; win32: typeof nativeWin32 } {
  const source = readFileSync(
    new URL("../../workers/javascript/guest/modules/path.js", import.meta.url),
    "utf8",
  );
  const module = { exports: {} as { posix: typeof nativePosix; win32: typeof nativeWin32 } };
  const invalidArgType = (name: string, expected: string) =>
    new TypeError(`The "${name}" argument must be ${expected}`);
  new Function("module", "exports", "invalidArgType", "process", source)(
    module,
    module.exports,
    invalidArgType,
    { cwd: () => process.cwd(), env: {} },
  );
  return module.exports;
}

/** Paths made of the pieces where implementations differ: roots, separators, dots, colons. */
const piece = fc.constantFrom(
  "C:",
  "c:",
  "D:",
  "\\",
  "/",
  "\\\\",
  "//",
  "a",
  "B",
  "..",
  ".",
  "...",
  "x.txt",
  ".js",
  "srv",
  "share",
  "A.b.c",
  " ",
  "?",
  "con:",
  "name:",
);
const pathText = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));

/** The same call on both sides, as text: its value, or that it threw. */
function outcome(call: () => unknown): string {
  try {
    return JSON.stringify(call());
  } catch {
    return "threw";
  }
}

const ours = guestPath();
describe.each([
  ["posix", ours.posix, nativePosix],
  ["win32", ours.win32, nativeWin32],
] as const)("the guest's path.%s answers as Node's", (_name, guest, native) => {
  test("normalize, join, resolve, relative, isAbsolute, toNamespacedPath", () => {
    fc.assert(
      fc.property(pathText, pathText, pathText, (a, b, c) => {
        for (const [method, args] of [
          ["normalize", [a]],
          ["join", [a, b, c]],
          ["resolve", [a, b]],
          ["relative", [a, b]],
          ["isAbsolute", [a]],
          ["toNamespacedPath", [a]],
        ] as const) {
          const call = (side: typeof guest) => () =>
            (side[method] as (...parts: string[]) => unknown)(...args);
          expect(outcome(call(guest)), `${method}(${JSON.stringify(args)})`).toBe(
            outcome(call(native)),
          );
        }
      }),
      { numRuns: 3000 },
    );
  });

  test("dirname, basename (with and without a suffix), extname, parse", () => {
    fc.assert(
      fc.property(pathText, pathText, (a, b) => {
        expect(outcome(() => guest.dirname(a))).toBe(outcome(() => native.dirname(a)));
        expect(outcome(() => guest.basename(a))).toBe(outcome(() => native.basename(a)));
        expect(
          outcome(() => guest.basename(a, b)),
          `basename(${a}, ${b})`,
        ).toBe(outcome(() => native.basename(a, b)));
        expect(outcome(() => guest.extname(a))).toBe(outcome(() => native.extname(a)));
        expect(
          outcome(() => guest.parse(a)),
          `parse(${a})`,
        ).toBe(outcome(() => native.parse(a)));
      }),
      { numRuns: 3000 },
    );
  });
});
