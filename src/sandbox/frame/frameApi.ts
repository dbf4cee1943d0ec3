import type { RelaxableLayer } from "../protocol";
import type { RawRunOutcome, RunRequest, ScriptLanguage } from "../runtime";

/** Assets and settings the page hands to the sandbox frame for one runtime. */
export interface RuntimeSetup {
  assets: Record<string, ArrayBuffer>;
  poolSize: number;
  bootTimeoutMs: number;
  /** Test-only: hardening layers to switch off (see {@link RelaxableLayer}). */
  relaxedLayers?: RelaxableLayer[];
}

export interface FrameStatus {
  crossOriginIsolated: boolean;
  runtimes: ScriptLanguage[];
}

/** What the sandbox frame offers the page over its private channel (comlink). */
export interface SandboxFrameApi {
  configure(language: ScriptLanguage, setup: RuntimeSetup): Promise<void>;
  run(request: RunRequest): Promise<RawRunOutcome>;
  cancel(runId: string): void;
  status(): FrameStatus;
}

/** Message type the page sends, with the port, to connect to a freshly loaded frame. */
export const CONNECT_MESSAGE = "skillbox:connect";
