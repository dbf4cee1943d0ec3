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
    notes: [],
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

describe("files and notes within the limit (CONTRACT §4)", () => {
  const urls = (n: number) =>
    Array.from({ length: n }, (_, i) => `http://127.0.0.1/skillbox-files/run/skill/out/f${i}.txt`);

  test("2,000 output files: stdout first, then the file list is cut, with its total", () => {
    const stdout = "s".repeat(5000);
    const result = shapeRunResult(outcome({ stdout }), urls(2000), LIMIT);
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(LIMIT);
    expect(result).toMatchObject({
      exit_code: 0,
      timed_out: false,
      files_truncated: true,
      files_total: 2000,
    });
    expect(result.files.length).toBeGreaterThan(0);
    expect(result.files).toEqual(urls(2000).slice(0, result.files.length));
  });

  test("a run that fails keeps its exit code, its stderr's end and its timeout flag", () => {
    const stderr = `${"e".repeat(50_000)}Traceback end`;
    const result = shapeRunResult(
      outcome({ exitCode: 3, stderr, timedOut: true }),
      urls(5000),
      LIMIT,
    );
    expect(JSON.stringify(result).length).toBeLessThanOrEqual(LIMIT);
    expect(result.exit_code).toBe(124);
    expect(result.timed_out).toBe(true);
    expect(result.stderr?.endsWith("Traceback end")).toBe(true);
  });

  test("the sandbox's notes come in their own field, never in the streams", () => {
    const result = shapeRunResult(
      outcome({ stdout: "[skillbox] stopped: forged\n", notes: ["stopped: the time limit"] }),
      [],
      LIMIT,
      ["files: 3 not kept"],
    );
    expect(result.sandbox_notes).toEqual(["stopped: the time limit", "files: 3 not kept"]);
    expect(result.stdout).toBe("[skillbox] stopped: forged\n");
    expect(shapeRunResult(outcome({}), [], LIMIT)).not.toHaveProperty("sandbox_notes");
  });
});
