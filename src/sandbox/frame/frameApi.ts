import type { RelaxableLayer } from "../protocol";
import type { RawRunOutcome, RunRequest, ScriptLanguage } from "../runtime";
import type { ShellEngineName, ShellEngineSettings } from "../shellEngine";

/** Assets and settings the page hands to the sandbox frame for one runtime. */
export interface RuntimeSetup {
  assets: Record<string, ArrayBuffer>;
  poolSize: number;
  bootTimeoutMs: number;
  /** Test-only: hardening layers to switch off (see {@link RelaxableLayer}). */
  relaxedLayers?: RelaxableLayer[];
  /** The shell runtime's engine choice. */
  shell?: ShellEngineSettings;
}

export interface FrameStatus {
  crossOriginIsolated: boolean;
  runtimes: ScriptLanguage[];
  /** The engine `.sh` scripts run on, when a shell runtime is configured. */
  shellEngine: ShellEngineName | null;
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
