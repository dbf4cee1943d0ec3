import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { HOST_OPERATION_NAMES } from "../../workers/javascript/hostOperationNames";

const GUEST = join(import.meta.dirname, "../../workers/javascript/guest");

function guestSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(GUEST, { recursive: true, encoding: "utf8" })) {
    if (entry.endsWith(".js")) sources.set(entry, readFileSync(join(GUEST, entry), "utf8"));
  }
  return sources;
}

/**
 * The operation names the guest passes to the host: `host("op", …)` anywhere, and fs's
 * `call("op", …)`, which passes its first argument on to `host`.
 */
function calledOperations(sources: Map<string, string>): Set<string> {
  const called = new Set<string>();
  for (const [file, source] of sources) {
    for (const match of source.matchAll(/\bhost\(\s*"(\w+)"/g)) called.add(match[1]!);
    if (file === join("modules", "fs.js")) {
      for (const match of source.matchAll(/\bcall\(\s*"(\w+)"/g)) called.add(match[1]!);
    }
  }
  return called;
}

test("the guest calls exactly the host operations the worker's table implements", () => {
  const sources = guestSources();
  expect(sources.size).toBeGreaterThan(20);
  expect([...calledOperations(sources)].sort()).toEqual([...HOST_OPERATION_NAMES].sort());
});

test("only the internals take the host function; every other guest file calls it through them", () => {
  const takers = [...guestSources()]
    .filter(([, source]) => source.includes("__host"))
    .map(([file]) => file);
  expect(takers).toEqual(["internals.js"]);
});
