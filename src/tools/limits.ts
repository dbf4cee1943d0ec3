import type { RunRequest } from "../sandbox/runtime";
import { z } from "../zod.ts";

const MIB = 1024 * 1024;

/** Limits of CONTRACT §4; `timeLimitMs` and `resultLimitChars` are defaults an app may change. */
export interface ToolLimits {
  maxArgs: number;
  maxArgChars: number;
  maxArgsBytes: number;
  timeLimitMs: number;
  resultLimitChars: number;
  /** Output files one run may return (more are counted in a note, not stored). */
  maxOutputFiles: number;
  /** Bytes of output files one run may return. */
  maxOutputFileBytes: number;
  /** Memory one run may allocate, all of it: heap, files, buffered output. */
  memoryLimitBytes: number;
}

export const DEFAULT_TOOL_LIMITS: ToolLimits = {
  maxArgs: 32,
  maxArgChars: 1024,
  maxArgsBytes: 8 * 1024,
  timeLimitMs: 30_000,
  resultLimitChars: 30_000,
  maxOutputFiles: 100,
  maxOutputFileBytes: 50 * MIB,
  memoryLimitBytes: 512 * MIB,
};

/**
 * The longest time limit a run may be given: one hour. Longer would outlast any tab an agent
 * waits in, and at 2^31 ms a browser's timer fires at once (a limit of that size restarted the
 * whole sandbox frame).
 */
export const MAX_TIME_LIMIT_MS = 60 * 60 * 1000;

/**
 * The one rule for a run's time limit, at every door (options, deployment file, `callTool`, the
 * embed page, `<skillbox-runner>`): whole milliseconds, at least 1, at most an hour.
 */
export const timeLimitMsSchema = z
  .number({ error: "must be a number of milliseconds" })
  .int("must be a whole number of milliseconds")
  .positive("must be at least 1 ms")
  .max(MAX_TIME_LIMIT_MS, `must be at most ${MAX_TIME_LIMIT_MS} ms (one hour)`);

/** Why `value` is not a time limit, or undefined when it is one. */
export function timeLimitProblem(value: unknown): string | undefined {
  const parsed = timeLimitMsSchema.safeParse(value);
  return parsed.success
    ? undefined
    : `timeLimitMs ${typeof value === "number" ? String(value) : (JSON.stringify(value) ?? typeof value)}: ${parsed.error.issues[0]?.message}`;
}

/** The part of a run request that the tool limits decide. */
export function runRequestLimits(
  limits: ToolLimits,
): Pick<RunRequest, "maxOutputChars" | "outputFiles" | "memoryLimitBytes"> {
  return {
    maxOutputChars: limits.resultLimitChars,
    outputFiles: { maxFiles: limits.maxOutputFiles, maxBytes: limits.maxOutputFileBytes },
    memoryLimitBytes: limits.memoryLimitBytes,
  };
}
