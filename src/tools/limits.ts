import type { RunRequest } from "../sandbox/runtime";

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
