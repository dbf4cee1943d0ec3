import { expose } from "comlink";
import javascriptWorkerUrl from "../../../workers/javascript.worker.ts?worker&url";
import pythonWorkerUrl from "../../../workers/python.worker.ts?worker&url";
import shellWorkerUrl from "../../../workers/shell.worker.ts?worker&url";
import type { RawRunOutcome, RunRequest, Runtime, ScriptLanguage } from "../runtime";
import {
  chooseShellEngine,
  SHELL_PACKAGE_ASSET,
  type ShellEngineChoice,
  type ShellEngineName,
} from "../shellEngine";
import {
  CONNECT_MESSAGE,
  type FrameStatus,
  type RuntimeSetup,
  type SandboxFrameApi,
} from "./frameApi";
import { PooledRuntime } from "./pooledRuntime";
import { WorkerPool } from "./workerPool";

interface RuntimeEntry {
  label: string;
  moduleUrl: string;
  assetBaseUrl: string;
}

const absolute = (path: string) => new URL(path, location.href).href;

/** The worker module and asset folder of each runtime, all served by the app's origin. */
const RUNTIMES: Partial<Record<ScriptLanguage, RuntimeEntry>> = {
  python: {
    label: "Python",
    moduleUrl: absolute(pythonWorkerUrl),
    assetBaseUrl: absolute("/vendor/pyodide/"),
  },
  javascript: {
    label: "JavaScript",
    moduleUrl: absolute(javascriptWorkerUrl),
    assetBaseUrl: absolute("/vendor/quickjs/"),
  },
  shell: {
    label: "Shell",
    moduleUrl: absolute(shellWorkerUrl),
    assetBaseUrl: absolute("/vendor/wasmer/"),
  },
};

const runtimes = new Map<ScriptLanguage, { pool: WorkerPool; runtime: Runtime }>();

/** Runs a request on whichever runtime its language names. */
const anyRuntime: Runtime = {
  run(request, signal) {
    const entry = runtimes.get(request.language);
    if (!entry) throw new Error(`the ${request.language} runtime is not available`);
    return entry.runtime.run(request, signal);
  },
};
const cancellers = new Map<string, AbortController>();
let shellEngine: ShellEngineName | null = null;

const api: SandboxFrameApi = {
  async configure(language: ScriptLanguage, setup: RuntimeSetup) {
    const entry = RUNTIMES[language];
    if (!entry) throw new Error(`no ${language} runtime in this sandbox`);
    let shell: ShellEngineChoice | undefined;
    if (language === "shell") {
      // Decided once, here, so a deployment that cannot work fails now and the worker just boots it.
      shellEngine = chooseShellEngine(
        setup.shell,
        setup.assets[SHELL_PACKAGE_ASSET] !== undefined,
        globalThis.crossOriginIsolated,
      );
      shell = { engine: shellEngine, command: setup.shell?.command };
    }
    runtimes.get(language)?.pool.dispose();
    const pool = new WorkerPool(
      {
        ...entry,
        assets: setup.assets,
        bootTimeoutMs: setup.bootTimeoutMs,
        relaxedLayers: setup.relaxedLayers ?? [],
        shell,
      },
      setup.poolSize,
    );
    runtimes.set(language, { pool, runtime: new PooledRuntime(pool, anyRuntime) });
    pool.warm();
  },

  async run(request: RunRequest): Promise<RawRunOutcome> {
    const controller = new AbortController();
    cancellers.set(request.runId, controller);
    try {
      return await anyRuntime.run(request, controller.signal);
    } finally {
      cancellers.delete(request.runId);
    }
  },

  cancel(runId: string) {
    cancellers.get(runId)?.abort();
  },

  status(): FrameStatus {
    return {
      crossOriginIsolated: globalThis.crossOriginIsolated,
      runtimes: [...runtimes.keys()],
      shellEngine,
    };
  },
};

/** Accepts exactly one connection, from the embedding page, and serves the API on its port. */
function onConnect(event: MessageEvent) {
  if (event.source !== window.parent || event.data !== CONNECT_MESSAGE || !event.ports[0]) return;
  window.removeEventListener("message", onConnect);
  expose(api, event.ports[0]);
}

window.addEventListener("message", onConnect);
