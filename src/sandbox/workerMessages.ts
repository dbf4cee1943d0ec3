import { z } from "zod";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, "expected bytes");

export const outputMessageSchema = z.strictObject({
  type: z.literal("output"),
  stream: z.enum(["stdout", "stderr"]),
  text: z.string(),
  /** Characters the worker counted but did not send (stdout past the cap). */
  droppedChars: z.number().int().nonnegative().optional(),
});

/** Worker → frame messages; the frame checks each one, since a worker hosts untrusted code. */
export const workerMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ready"), bootMs: z.number() }),
  z.strictObject({ type: z.literal("boot-failed"), message: z.string() }),
  /** A memory snapshot of a freshly booted runtime, for later workers to boot from. */
  z.strictObject({ type: z.literal("snapshot"), bytes }),
  outputMessageSchema,
  z.strictObject({
    type: z.literal("done"),
    exitCode: z.number().int(),
    files: z.array(z.strictObject({ path: z.string(), data: bytes })),
  }),
]);
