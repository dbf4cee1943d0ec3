import type { ProxyMarked } from "comlink";
import type { SandboxFeatures } from "../features";
import type { RelaxableLayer } from "../protocol";
import type { OutputListener, RawRunOutcome, RunRequest, ScriptLanguage } from "../runtime";
import type { ShellEngineName, ShellEngineSettings } from "../shellEngine";
import type { AdmissionLimits } from "./admission";

/** A module's code as the page hands it over: its bytes (the frame has no network). */
export type ModuleCode = ArrayBuffer;

/** Name, in {@link RuntimeSetup.modules}, of the runtime's worker module. */
export const WORKER_MODULE = "worker";

/** Assets and settings the page hands to the sandbox frame for one runtime. */
export interface RuntimeSetup {
  /** The worker module ({@link WORKER_MODULE}) and the modules the runtime imports itself. */
  modules: Record<string, ModuleCode>;
  assets: Record<string, ArrayBuffer>;
  /** Assets that are WebAssembly the frame compiles once for all of this runtime's workers. */
  compile: string[];
  /** Where the runtime believes its files are (see WorkerInit.assetBaseUrl). */
  assetBaseUrl: string;
  /** Whether workers boot from a memory snapshot that an earlier worker made (Python). */
  snapshots: boolean;
  poolSize: number;
  /** How many runs go at once and how long others wait (see {@link AdmissionLimits}). */
  admission: AdmissionLimits;
  bootTimeoutMs: number;
  /** Test-only: hardening layers to switch off (see {@link RelaxableLayer}). */
  relaxedLayers?: RelaxableLayer[];
  /** The shell runtime's engine choice. */
  shell?: ShellEngineSettings;
}

/** A runtime's pool of pre-booted workers. */
export interface PoolState {
  /** Booted and waiting for a run. */
  ready: number;
  /** Booting, or waiting for a core to boot on. */
  booting: number;
  depth: number;
}

export interface FrameStatus {
  crossOriginIsolated: boolean;
  /** What the frame detected and therefore uses; see {@link SandboxFeatures}. */
  features: SandboxFeatures;
  runtimes: ScriptLanguage[];
  pools: Partial<Record<ScriptLanguage, PoolState>>;
  /** The engine `.sh` scripts run on, when a shell runtime is configured. */
  shellEngine: ShellEngineName | null;
}

/** What the sandbox frame offers the page over its private channel (comlink). */
export interface SandboxFrameApi {
  configure(language: ScriptLanguage, setup: RuntimeSetup): Promise<void>;
  /** Runs one script; `onOutput` (a comlink proxy) hears its output while it runs. */
  run(request: RunRequest, onOutput?: OutputListener & ProxyMarked): Promise<RawRunOutcome>;
  cancel(runId: string): void;
  status(): FrameStatus;
  /**
   * Resolves with a memory snapshot of the runtime once a worker has made one that the page did
   * not hand in (on a visit without a stored one, or replacing one that did not restore), for the
   * page to keep across visits.
   */
  newSnapshot(language: ScriptLanguage): Promise<ArrayBuffer>;
}
