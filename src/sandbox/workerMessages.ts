import { z } from "../zod.ts";
import { SubrunReplyCell } from "./subrunReply";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, "expected bytes");

export const outputMessageSchema = z.strictObject({
  type: z.literal("output"),
  stream: z.enum(["stdout", "stderr"]),
  text: z.string(),
  /** Characters the worker counted but did not send (stdout past the cap). */
  droppedChars: z.number().int().nonnegative().optional(),
});

/** What the sandbox itself says about the run, from inside the worker (a budget it ended). */
export const noteMessageSchema = z.strictObject({
  type: z.literal("note"),
  text: z.string().max(1000),
});

const sharedBuffer = z.custom<SharedArrayBuffer>(
  (value) => Object.prototype.toString.call(value) === "[object SharedArrayBuffer]",
  "expected a SharedArrayBuffer",
);

/**
 * A worker asks the frame to run a program of the same skill on another runtime (or its own),
 * against the files as they are now: how `python3 FILE` and `node FILE` work inside a shell
 * script, and how a Node script's child processes run.
 */
export const subrunMessageSchema = z.strictObject({
  type: z.literal("subrun"),
  id: z.number().int(),
  language: z.enum(["python", "javascript", "shell"]),
  scriptPath: z.string(),
  args: z.array(z.string()),
  files: z.array(z.strictObject({ path: z.string(), data: bytes })),
  directories: z.array(z.string()),
  /** The program as text (`node -e`, `python3 -c`, `sh -c`), run instead of `scriptPath`. */
  inline: z.strictObject({ code: z.string(), program: z.string() }).optional(),
  stdin: bytes.optional(),
  /** The folder inside the skill the program starts in. */
  cwd: z.string().optional(),
  /** Variables the caller sets on top of the run's own environment. */
  env: z.record(z.string(), z.string()).optional(),
  /**
   * For a caller that blocks until the answer (Node's `spawnSync`): two Int32 cells the frame
   * sets instead of posting `subrun-result` (see {@link SubrunReplyCell}).
   */
  replyCell: sharedBuffer
    .refine((cell) => cell.byteLength === SubrunReplyCell.BYTES, "expected two Int32 cells")
    .optional(),
});

/**
 * The blocked caller's second step: a buffer of the length the frame announced, for the frame to
 * fill with the encoded result (src/sandbox/subrunResultCodec.ts).
 */
export const subrunFetchMessageSchema = z.strictObject({
  type: z.literal("subrun-fetch"),
  id: z.number().int(),
  buffer: sharedBuffer,
});

const port = z.custom<MessagePort>((value) => value instanceof MessagePort, "expected a port");

/**
 * The Wasmer shell engine asks the frame to start a process's worker, joined to it by `port`
 * (src/sandbox/processWorkerBootstrap.ts says why the frame starts them), and to end it.
 */
export const processMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("process-start"), id: z.number().int().positive(), port }),
  z.strictObject({ type: z.literal("process-end"), id: z.number().int().positive() }),
]);

/** Worker → frame messages; the frame checks each one, since a worker hosts untrusted code. */
export const workerMessageSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("ready"), bootMs: z.number() }),
  z.strictObject({ type: z.literal("boot-failed"), message: z.string() }),
  /** A memory snapshot of a freshly booted runtime, for later workers to boot from. */
  z.strictObject({ type: z.literal("snapshot"), bytes }),
  /** The snapshot handed in did not restore (another build, damaged bytes); it booted in full. */
  z.strictObject({ type: z.literal("snapshot-rejected"), reason: z.string() }),
  outputMessageSchema,
  noteMessageSchema,
  subrunMessageSchema,
  subrunFetchMessageSchema,
  ...processMessageSchema.options,
  z.strictObject({
    type: z.literal("done"),
    exitCode: z.number().int(),
    files: z.array(z.strictObject({ path: z.string(), data: bytes })),
    /** Output files past the run's limits, counted and dropped in the worker. */
    omitted: z
      .strictObject({ files: z.number().int().nonnegative(), bytes: z.number().nonnegative() })
      .optional(),
  }),
]);
