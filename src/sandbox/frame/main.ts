import { expose, type ProxyMarked, type Remote, releaseProxy, transfer } from "comlink";
import { detectSandboxFeatures } from "../features";
import { takeOneShotGlobal } from "../handoff";
import { FRAME_PORT_HANDOFF } from "../protocol";
import type {
  OutputListener,
  RawRunOutcome,
  RunRequest,
  Runtime,
  ScriptLanguage,
} from "../runtime";
import {
  chooseShellEngine,
  SHELL_PACKAGE_ASSET,
  type ShellEngineChoice,
  type ShellEngineName,
} from "../shellEngine";
import { AdmissionQueue } from "./admission";
import {
  type FrameStatus,
  type ModuleCode,
  type RuntimeSetup,
  type SandboxFrameApi,
  WORKER_MODULE,
} from "./frameApi";
import { PooledRuntime } from "./pooledRuntime";
import { WorkerPool } from "./workerPool";

const LABELS: Readonly<Record<ScriptLanguage, string>> = {
  python: "Python",
  javascript: "JavaScript",
  shell: "Shell",
};

/** A module the frame's workers can import: a blob: URL of the page's bytes. */
function moduleUrl(code: ModuleCode): string {
  return URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
}

/**
 * Compiles the named assets in the background into `compiled`, which the runtime's workers
 * share: the first worker does not wait for it (it compiles its own copy meanwhile), later
 * workers instantiate the frame's module instead of compiling again.
 */
function compileInBackground(
  assets: Record<string, ArrayBuffer>,
  names: string[],
  compiled: Record<string, WebAssembly.Module>,
): void {
  for (const name of names) {
    const bytes = assets[name];
    if (!bytes) continue;
    WebAssembly.compile(bytes).then(
      (module) => {
        compiled[name] = module;
      },
      () => {},
    );
  }
}

const runtimes = new Map<ScriptLanguage, { pool: WorkerPool; runtime: Runtime }>();

/** Runs a request on whichever runtime its language names. */
const anyRuntime: Runtime = {
  run(request, signal, onOutput) {
    const entry = runtimes.get(request.language);
    if (!entry) throw new Error(`the ${request.language} runtime is not available`);
    return entry.runtime.run(request, signal, onOutput);
  },
};
const cancellers = new Map<string, AbortController>();
let shellEngine: ShellEngineName | null = null;
const features = detectSandboxFeatures();

const api: SandboxFrameApi = {
  async configure(language: ScriptLanguage, setup: RuntimeSetup) {
    const worker = setup.modules[WORKER_MODULE];
    if (!worker) throw new Error(`no worker module for the ${language} runtime`);
    let shell: ShellEngineChoice | undefined;
    if (language === "shell") {
      // Decided once, here, so a deployment that cannot work fails now and the worker just boots it.
      shellEngine = chooseShellEngine(
        setup.shell,
        // Empty: the runtime folder has no dash and toybox to offer.
        (setup.assets[SHELL_PACKAGE_ASSET]?.byteLength ?? 0) > 0,
        features.sharedMemory,
      );
      shell = { engine: shellEngine, command: setup.shell?.command };
    }
    const moduleUrls = Object.fromEntries(
      Object.entries(setup.modules)
        .filter(([name]) => name !== WORKER_MODULE)
        .map(([name, code]) => [name, moduleUrl(code)]),
    );
    runtimes.get(language)?.pool.dispose();
    const compiled: Record<string, WebAssembly.Module> = {};
    compileInBackground(setup.assets, setup.compile, compiled);
    const pool = new WorkerPool(
      {
        label: LABELS[language],
        moduleUrl: moduleUrl(worker),
        moduleUrls,
        assetBaseUrl: setup.assetBaseUrl,
        assets: setup.assets,
        compiled,
        bootTimeoutMs: setup.bootTimeoutMs,
        relaxedLayers: setup.relaxedLayers ?? [],
        snapshots: setup.snapshots,
        firstBootLeads: language === "python",
        shell,
      },
      setup.poolSize,
    );
    const admission = new AdmissionQueue(LABELS[language], setup.admission);
    runtimes.set(language, { pool, runtime: new PooledRuntime(pool, admission, anyRuntime) });
    pool.warm();
  },

  async run(request: RunRequest, onOutput?: OutputListener & ProxyMarked): Promise<RawRunOutcome> {
    const controller = new AbortController();
    cancellers.set(request.runId, controller);
    // Over here the page's listener is a comlink remote: each call is a message that may fail
    // once the page is gone, which must not surface as an unhandled rejection.
    const remote = onOutput as unknown as Remote<OutputListener> | undefined;
    const forward: OutputListener | undefined =
      remote && ((chunk) => void remote(chunk).catch(() => {}));
    try {
      return await anyRuntime.run(request, controller.signal, forward);
    } finally {
      cancellers.delete(request.runId);
      remote?.[releaseProxy]();
    }
  },

  cancel(runId: string) {
    cancellers.get(runId)?.abort();
  },

  status(): FrameStatus {
    return {
      crossOriginIsolated: globalThis.crossOriginIsolated,
      features,
      runtimes: (Object.keys(LABELS) as ScriptLanguage[]).filter((l) => runtimes.has(l)),
      pools: Object.fromEntries(
        [...runtimes].map(([language, { pool }]) => [language, pool.state()]),
      ),
      shellEngine,
    };
  },

  async newSnapshot(language: ScriptLanguage): Promise<ArrayBuffer> {
    const pool = runtimes.get(language)?.pool;
    if (!pool) throw new Error(`the ${language} runtime is not configured`);
    const bytes = (await pool.newSnapshot).slice(0);
    return transfer(bytes, [bytes]);
  },
};

// The page's port, handed over by the frame document's bootstrap.
expose(
  api,
  takeOneShotGlobal<MessagePort>(FRAME_PORT_HANDOFF, "the sandbox frame started without its port"),
);
