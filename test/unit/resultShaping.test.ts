import { describe, expect, test } from "vitest";
import type { RawRunOutcome } from "../../src/sandbox/runtime";
import { shapeRunResult } from "../../src/tools/resultShaping";

const LIMIT = 30_000;

function outcome(partial: Partial<RawRunOutcome>): RawRunOutcome {
  const stdout = partial.stdout ?? "";
  const stderr = partial.stderr ?? "";
  return {
    exitCode: 0,
    timedOut: false,
    files: [],
    stdoutTotalChars: stdout.length,
    stderrTotalChars: stderr.length,
    ...partial,
    stdout,
    stderr,
  };
}

const emptySize = JSON.stringify({ exit_code: 0, stdout: "", timed_out: false, files: [] }).length;

describe("truncation (CONTRACT §4)", () => {
  test("a result of exactly the limit is kept whole", () => {
    const stdout = "a".repeat(LIMIT - emptySize);
    const result = shapeRunResult(outcome({ stdout }), [], LIMIT);
    expect(JSON.stringify(result).length).toBe(LIMIT);
    expect(result).toEqual({ exit_code: 0, stdout, timed_out: false, files: [] });
  });

  test("one character past the limit shortens stdout, keeping its beginning", () => {
    const stdout = "b".repeat(LIMIT - emptySize + 1);
    const result = shapeRunResult(outcome({ stdout }), [], LIMIT);
    const text = JSON.stringify(result);
    expect(text.length).toBeLessThanOrEqual(LIMIT);
    const parsed = JSON.parse(text);
    expect(parsed.stdout_truncated).toBe(true);
    expect(parsed.stdout_total_chars).toBe(stdout.length);
    expect(stdout.startsWith(parsed.stdout)).toBe(true);
    // Plain ASCII escapes 1:1, so the shortened result fills the limit exactly.
    expect(text.length).toBe(LIMIT);
  });

  test("200,000 chars of escapes, quotes and emoji still give valid JSON within the limit", () => {
    const stdout = '"\\\n\t\u0001😀é'.repeat(20_000);
    const result = shapeRunResult(outcome({ stdout }), [], LIMIT);
    const text = JSON.stringify(result);
    expect(text.length).toBeLessThanOrEqual(LIMIT);
    expect(text.length).toBeGreaterThan(LIMIT - 10);
    const parsed = JSON.parse(text);
    expect(stdout.startsWith(parsed.stdout)).toBe(true);
    expect(parsed.stdout).not.toMatch(/[\ud800-\udbff]$/);
  });

  test("stdout counted beyond the runtime's cap is still flagged with its full length", () => {
    const result = shapeRunResult(
      outcome({ stdout: "short", stdoutTotalChars: 5_000_000 }),
      [],
      LIMIT,
    );
    expect(result).toMatchObject({
      stdout: "short",
      stdout_truncated: true,
      stdout_total_chars: 5_000_000,
    });
  });

  test("when stdout is gone and the result is still too long, stderr keeps its end", () => {
    const stderr = `${"head".repeat(10_000)}TAIL`;
    const result = shapeRunResult(outcome({ exitCode: 1, stdout: "out", stderr }), [], LIMIT);
    const text = JSON.stringify(result);
    expect(text.length).toBeLessThanOrEqual(LIMIT);
    expect(result.stdout).toBe("");
    expect(result).toMatchObject({
      stdout_truncated: true,
      stdout_total_chars: 3,
      stderr_truncated: true,
      stderr_total_chars: stderr.length,
    });
    expect(result.stderr?.endsWith("TAIL")).toBe(true);
  });

  test("a long stderr on success is dropped, not truncated", () => {
    const result = shapeRunResult(
      outcome({ stdout: "ok", stderr: "w".repeat(100_000) }),
      [],
      LIMIT,
    );
    expect(result).toEqual({ exit_code: 0, stdout: "ok", timed_out: false, files: [] });
  });
});
