import { expect } from "vitest";
import type { BundleProblem } from "../../src/skills";

/**
 * A structural bundle problem as `{ file, message }`: structure and limit checks are always
 * errors, which this asserts, so tests of them can compare what the user reads.
 */
export function withoutRule({
  level,
  rule,
  ...rest
}: BundleProblem): Omit<BundleProblem, "level" | "rule"> {
  expect(level).toBe("error");
  expect(rule).toMatch(/^[a-z-]+\.[a-z-]+$/);
  return rest;
}
