import type { z } from "../zod.ts";
import type { RunRequest } from "./runtime";
import type { ShellEngineChoice } from "./shellEngine";
import type { SubrunOutcome } from "./subrunReply";
import type {
  noteMessageSchema,
  outputMessageSchema,
  subrunFetchMessageSchema,
  subrunMessageSchema,
  workerMessageSchema,
} from "./workerMessages";

/** Name of the one-shot global through which the bootstrap hands the init to the worker module. */
export const INIT_HANDOFF = "__skillboxTakeInit";

/**
 * Name of the one-shot global through which the frame document's bootstrap hands the page's port
 * to the frame module.
 */
export const FRAME_PORT_HANDOFF = "__skillboxTakeFramePort";

/** First and only message the frame posts to a worker's global scope. */
export interface WorkerInit {
  /**
   * URL of the runtime's worker module, imported by the classic bootstrap: a blob: URL the frame
   * made from bytes the page handed in (an app URL in development).
   */
  moduleUrl: string;
  /** The modules the runtime imports itself (Pyodide's `pyodide.mjs`…), by name, as blob: URLs. */
  moduleUrls: Record<string, string>;
  /** The private channel: the frame listens to nothing else from this worker. */
  port: MessagePort;
  /** Runtime asset bytes by file name; the worker has no network to fetch them. */
  assets: Record<string, ArrayBuffer>;
  /** Runtime WebAssembly compiled once by the frame, by asset name: workers instantiate it. */
  compiled: Record<string, WebAssembly.Module>;
  /**
   * The folder URL a runtime believes its files are in; its fetches for them are answered from
   * `assets` by file name.
   */
  assetBaseUrl: string;
  /** Python: boot with snapshot support and report a memory snapshot for later workers. */
  makeSnapshot: boolean;
  /**
   * Shared Int32 cell the frame sets to 2 (SIGINT) to interrupt a run, when isolated; without
   * it the worker keeps a cell of its own that the interrupt message sets.
   */
  interruptBuffer: SharedArrayBuffer | null;
  /** Hardening layers switched off; only tests that prove each layer separately set this. */
  relaxedLayers: RelaxableLayer[];
  /** The engine the frame chose for the shell runtime; other runtimes ignore it. */
  shell?: ShellEngineChoice;
}

/**
 * In-worker layers that tests may switch off one by one, to show the next layer holds on its own:
 * `js-globals` gives Python's `js` module the real global scope, `lockdown` skips the allow-list.
 */
export type RelaxableLayer = "js-globals" | "lockdown";

/** Asset name under which a runtime's memory snapshot is handed to later workers. */
export const SNAPSHOT_ASSET = "snapshot.bin";

/** Frame → worker, over the private port. */
export interface RunMessage {
  type: "run";
  request: RunRequest;
}

/** Frame → worker: how a sub-run the worker asked for (`python3 FILE` in a shell script) ended. */
export interface SubrunResultMessage extends SubrunOutcome {
  type: "subrun-result";
  id: number;
}

/**
 * Frame → worker: stop the run at the next point the engine checks. Engines that yield to the
 * event loop (the shell) see it without cross-origin isolation; the shared cell covers the rest.
 */
export interface InterruptMessage {
  type: "interrupt";
}

export type FrameMessage = RunMessage | SubrunResultMessage | InterruptMessage;

/** Worker → frame messages (checked by {@link workerMessageSchema}). */
export type WorkerMessage = z.infer<typeof workerMessageSchema>;
export type OutputMessage = z.infer<typeof outputMessageSchema>;
export type NoteMessage = z.infer<typeof noteMessageSchema>;
export type SubrunMessage = z.infer<typeof subrunMessageSchema>;
export type SubrunFetchMessage = z.infer<typeof subrunFetchMessageSchema>;
