/** Limits of CONTRACT §4; `timeLimitMs` and `resultLimitChars` are defaults an app may change. */
export interface ToolLimits {
  maxArgs: number;
  maxArgChars: number;
  maxArgsBytes: number;
  timeLimitMs: number;
  resultLimitChars: number;
}

export const DEFAULT_TOOL_LIMITS: ToolLimits = {
  maxArgs: 32,
  maxArgChars: 1024,
  maxArgsBytes: 8 * 1024,
  timeLimitMs: 30_000,
  resultLimitChars: 30_000,
};
