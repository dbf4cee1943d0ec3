import { z } from "../../zod.ts";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, "expected bytes");

import type { OutputChunk, RawRunOutcome } from "../runtime";

/** A streamed piece of output, checked on the page like the outcome it precedes. */
export const outputChunkSchema: z.ZodType<OutputChunk> = z.strictObject({
  stream: z.enum(["stdout", "stderr"]),
  text: z.string(),
});

/** The page re-checks every outcome from the frame before it becomes a tool result. */
export const rawRunOutcomeSchema: z.ZodType<RawRunOutcome> = z.strictObject({
  exitCode: z.number().int(),
  stdout: z.string(),
  stdoutTotalChars: z.number().int().nonnegative(),
  stderr: z.string(),
  stderrTotalChars: z.number().int().nonnegative(),
  timedOut: z.boolean(),
  files: z.array(z.strictObject({ path: z.string(), data: bytes })),
  notes: z.array(z.string()),
});
