import { proxy, type Remote, transfer, wrap } from "comlink";
import type { AdmissionLimits } from "../frame/admission";
import type { FrameStatus, ModuleCode, RuntimeSetup, SandboxFrameApi } from "../frame/frameApi";
import { CONNECT_MESSAGE, frameDocumentHtml, sandboxContentSecurityPolicy } from "../frameDocument";
import { type RelaxableLayer, SNAPSHOT_ASSET } from "../protocol";
import type {
  OutputListener,
  RawRunOutcome,
  RunRequest,
  Runtime,
  ScriptLanguage,
} from "../runtime";
import type { ShellEngineSettings } from "../shellEngine";
import { outputChunkSchema, rawRunOutcomeSchema } from "./outcomeSchema";
import type { RuntimeLoads } from "./runtimeLoads";
import { snapshotKey } from "./snapshotKey";
import type { SnapshotStore } from "./snapshotStore";

/** Where the page gets an asset: a URL to fetch, or a download of its own (a registry package). */
export type AssetLocation = string | (() => Promise<ArrayBuffer>);

export interface RuntimeAssetSource {
  language: ScriptLanguage;
  /** The worker module (named `worker`) and the modules the runtime imports itself, by URL. */
  modules: Record<string, string>;
  /** Files fetched by the page and handed to the frame as bytes. */
  files: Record<string, AssetLocation>;
  /** The folder the runtime believes its files are in. */
  assetBaseUrl: string;
  /** Files that are WebAssembly, compiled once in the frame for every worker. */
  compile: readonly string[];
  /** Whether workers boot from a memory snapshot (Python); the host keeps it across visits. */
  snapshots?: boolean;
  /** Files whose bytes a snapshot also depends on (the packages imported into it). */
  snapshotInputs?: readonly string[];
  poolSize?: number;
  /** The shell runtime's engine choice. */
  shell?: ShellEngineSettings;
}

export interface SandboxHostOptions {
  /** Where the frame is attached; defaults to `document.body`. */
  container?: HTMLElement;
  /** The sandbox frame's module (see RUNTIME_LAYOUT), fetched as bytes. */
  frameModuleUrl: string;
  runtimes: RuntimeAssetSource[];
  /**
   * Runtimes whose assets are fetched and workers booted when the host opens; the others wait for
   * their first run. Default: every runtime.
   */
  eager?: readonly ScriptLanguage[];
  bootTimeoutMs?: number;
  /** Runs at once per runtime and how long others queue; {@link DEFAULT_ADMISSION} otherwise. */
  admission?: Partial<AdmissionLimits>;
  /** How long the frame may take to load and answer. */
  connectTimeoutMs?: number;
  /** Keeps Python's memory snapshot across visits; none: every visit makes its own. */
  snapshotStore?: SnapshotStore;
  /** Hears each runtime's download progress and state. */
  loads?: RuntimeLoads;
  /**
   * Where the frame's document is served from, when a deployment serves it from a second site so
   * the browser gives it a process of its own (SECURITY.md); the page writes it itself otherwise.
   * Only for builds (a development server hands modules over by URL, which that document's CSP
   * does not allow) and without the Wasmer shell engine, for the same reason.
   */
  frameUrl?: string;
}

/**
 * The layer tests' switches: hardening layers to turn off, to prove the others hold alone, and
 * the frame's own CSP (off only as a positive control). They are a separate argument of
 * {@link SandboxHost.open}, never an option: no options object, however it was built or
 * polluted, can reach them.
 */
export interface LayerSwitches {
  readonly relaxedLayers: readonly RelaxableLayer[];
  readonly relaxCsp: boolean;
}

/** Every layer on: what every Skillbox runs with. */
export const ALL_LAYERS_ON: LayerSwitches = Object.freeze({
  relaxedLayers: Object.freeze([]),
  relaxCsp: false,
});

const DEFAULT_BOOT_TIMEOUT_MS = 60_000;
/**
 * Four runs of each runtime at once: on a 2-core machine more only share the cores (80 calls at
 * once otherwise held 7.8 GB), and at the 512 MiB run budget four Python runs stay under 2 GiB.
 */
export const DEFAULT_ADMISSION: AdmissionLimits = {
  maxConcurrent: 4,
  maxQueueWaitMs: 30_000,
  maxQueued: 200,
};
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** Slack on top of a run's time limit (and a cold boot) before the page stops trusting the frame. */
const BACKSTOP_SLACK_MS = 5_000;
/**
 * While runs are under way the page asks the frame for its status this often; a frame that
 * leaves a question unanswered for {@link FRAME_SILENCE_LIMIT_MS} is taken for dead (its
 * renderer crashed or hangs), and its runs fail then instead of at the backstop (~2 minutes).
 * The frame's own thread only hands work to workers, so it answers within milliseconds.
 */
const HEARTBEAT_INTERVAL_MS = 1_000;
const FRAME_SILENCE_LIMIT_MS = 10_000;
const FRAME_LOST_MESSAGE = "the sandbox stopped answering and was restarted";
/** The order runtimes are handed to the frame, and so start booting. */
const BOOT_ORDER: readonly ScriptLanguage[] = ["python", "javascript", "shell"];
/** Pool depth per runtime (an idle Python worker costs about 50 MB, the others less). */
const DEFAULT_POOL_SIZE: Readonly<Record<ScriptLanguage, number>> = {
  python: 3,
  javascript: 3,
  shell: 3,
};

/** Hears how much of one download has arrived; `total` is null when the server does not say. */
type BytesProgress = (loaded: number, total: number | null) => void;

/** A body read chunk by chunk, so a status line can show how far a download is. */
async function readWithProgress(
  response: Response,
  onProgress: BytesProgress,
): Promise<ArrayBuffer> {
  const length = Number(response.headers.get("content-length"));
  // A compressed response's length is that of the compressed body: no use as a total.
  const total = length > 0 && !response.headers.get("content-encoding") ? length : null;
  if (!response.body) return response.arrayBuffer();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body.getReader();
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.byteLength;
    onProgress(loaded, total === null ? null : Math.max(total, loaded));
  }
  const bytes = new Uint8Array(loaded);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

async function fetchBytes(
  location: AssetLocation,
  onProgress?: BytesProgress,
): Promise<ArrayBuffer> {
  if (typeof location !== "string") return location();
  const response = await fetch(location);
  if (!response.ok) throw new Error(`could not load ${location}: HTTP ${response.status}`);
  return onProgress ? readWithProgress(response, onProgress) : response.arrayBuffer();
}

/** A module for the frame, as bytes: the frame needs no network (it makes blob: modules of them). */
function moduleCode(url: string, onProgress?: BytesProgress): Promise<ModuleCode> {
  return fetchBytes(new URL(url, location.href).href, onProgress);
}

async function fetchAll<L extends AssetLocation, T>(
  entries: Record<string, L>,
  load: (location: L, onProgress?: BytesProgress) => Promise<T>,
  progressOf?: (name: string) => BytesProgress,
): Promise<Record<string, T>> {
  const loaded = await Promise.all(
    Object.entries(entries).map(async ([name, location]) => [
      name,
      await load(location, progressOf?.(name)),
    ]),
  );
  return Object.fromEntries(loaded);
}

/** Every buffer of a setup, to hand over rather than copy. */
function transferablesOf(setup: RuntimeSetup): ArrayBuffer[] {
  return [...new Set([...Object.values(setup.modules), ...Object.values(setup.assets)])];
}

function timeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The page's side of the sandbox: an opaque-origin `<iframe sandbox="allow-scripts">` whose
 * document (with its no-network CSP) the page writes itself, hosting the worker pools. Everything
 * the frame runs is handed in as bytes, so it works offline and on any static host. It implements
 * {@link Runtime}; a backstop timer replaces the frame should it ever stop answering.
 */
export class SandboxHost implements Runtime {
  private frame!: HTMLIFrameElement;
  private api!: Remote<SandboxFrameApi>;
  private frameModule!: ModuleCode;
  /** Setups prepared and not yet handed to the frame. */
  private readonly setups = new Map<ScriptLanguage, RuntimeSetup>();
  private readonly languages: ReadonlySet<ScriptLanguage>;
  /** Runtimes handed to the frame (or on their way), by language. */
  private readonly configured = new Map<ScriptLanguage, Promise<void>>();
  private readonly bootTimeoutMs: number;
  /** How long the frame may take to load, to answer, and to take a runtime. */
  private readonly connectTimeoutMs: number;
  private readonly admission: AdmissionLimits;
  private snapshotKey: string | undefined;
  /** Whether the Python snapshot handed to the frame came from the store. */
  private snapshotLoaded = false;
  private disposed = false;
  /** Rejects the runs under way, when the host is disposed (their frame is gone). */
  private readonly abandon = new Set<(error: Error) => void>();
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  /** When the status question still unanswered was asked. */
  private unansweredSince: number | undefined;
  /** The restart under way, which every run that starts meanwhile waits for. */
  private restarting: Promise<void> | undefined;

  private constructor(
    private readonly options: SandboxHostOptions,
    private readonly layers: LayerSwitches,
  ) {
    this.bootTimeoutMs = options.bootTimeoutMs ?? DEFAULT_BOOT_TIMEOUT_MS;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.admission = { ...DEFAULT_ADMISSION, ...options.admission };
    this.languages = new Set(options.runtimes.map((source) => source.language));
  }

  static async open(
    options: SandboxHostOptions,
    layers: LayerSwitches = ALL_LAYERS_ON,
  ): Promise<SandboxHost> {
    const host = new SandboxHost(options, layers);
    const eager = options.runtimes.filter(
      (source) => options.eager?.includes(source.language) ?? true,
    );
    for (const source of options.runtimes) {
      if (!eager.includes(source)) options.loads?.set(source.language, { state: "waiting" });
    }
    // The frame loads while the runtimes' assets download, and each runtime is handed over as
    // soon as it and those before it are ready: Python first, whose first result waits on the
    // longest boot (on a repeat visit its setup, which reads the stored snapshot, was ready last
    // and handed over after the others' workers had taken the cores).
    const ordered = [...eager].sort(
      (a, b) => BOOT_ORDER.indexOf(a.language) - BOOT_ORDER.indexOf(b.language),
    );
    const prepared = ordered.map((source) => host.prepare(source));
    for (const preparing of prepared) preparing.catch(() => {});
    host.frameModule = await moduleCode(options.frameModuleUrl);
    await host.attachFrame();
    try {
      for (const [index, source] of ordered.entries()) {
        await prepared[index];
        await host.handOverSetups([source.language]);
        host.configured.set(source.language, Promise.resolve());
        options.loads?.set(source.language, { state: "ready" });
      }
    } catch (error) {
      // A sandbox that could not open leaves no frame behind.
      host.frame.remove();
      throw error;
    }
    host.keepNewSnapshots();
    return host;
  }

  /** Fetches and hands over a runtime that was not started eagerly, once. */
  private ensureConfigured(language: ScriptLanguage): Promise<void> {
    let configured = this.configured.get(language);
    if (!configured) {
      const source = this.options.runtimes.find((candidate) => candidate.language === language)!;
      const { loads } = this.options;
      configured = this.prepare(source).then(() => this.handOverSetups());
      configured.then(
        () => loads?.set(language, { state: "ready" }),
        (error: Error) => {
          this.configured.delete(language);
          loads?.set(language, { state: "unavailable", reason: error.message });
        },
      );
      this.configured.set(language, configured);
    }
    return configured;
  }

  private async prepare(source: RuntimeAssetSource): Promise<void> {
    const { loads } = this.options;
    const progressOf = loads
      ? (name: string): BytesProgress =>
          (loaded, total) =>
            loads.progress(source.language, name, loaded, total)
      : undefined;
    const modulesLoaded = fetchAll(
      source.modules,
      moduleCode,
      progressOf && ((name) => progressOf(`module:${name}`)),
    );
    const assetsLoaded = fetchAll(source.files, fetchBytes, progressOf);
    const inputs = source.snapshotInputs ?? [];
    // The stored snapshot is read while the large assets download (unless it depends on them).
    const snapshotLoaded = source.snapshots
      ? Promise.all([modulesLoaded, inputs.length > 0 ? assetsLoaded : undefined]).then(
          ([modules, assets]) =>
            this.storedSnapshot(
              modules,
              inputs.map((name) => assets![name]!),
            ),
        )
      : undefined;
    const [modules, assets, snapshot] = await Promise.all([
      modulesLoaded,
      assetsLoaded,
      snapshotLoaded,
    ]);
    if (snapshot) assets[SNAPSHOT_ASSET] = snapshot;
    this.setups.set(source.language, {
      modules,
      assets,
      compile: [...source.compile],
      assetBaseUrl: new URL(source.assetBaseUrl, location.href).href,
      snapshots: source.snapshots ?? false,
      poolSize: source.poolSize ?? DEFAULT_POOL_SIZE[source.language],
      admission: this.admission,
      bootTimeoutMs: this.bootTimeoutMs,
      relaxedLayers: [...this.layers.relaxedLayers],
      shell: source.shell,
    });
  }

  private async storedSnapshot(
    modules: Record<string, ModuleCode>,
    inputs: readonly ArrayBuffer[],
  ): Promise<ArrayBuffer | undefined> {
    const store = this.options.snapshotStore;
    if (!store || this.layers.relaxedLayers.length > 0) return undefined;
    this.snapshotKey = snapshotKey(modules, inputs);
    if (!this.snapshotKey) return undefined;
    const stored = await store.load(this.snapshotKey).catch(() => undefined);
    this.snapshotLoaded = stored !== undefined;
    return stored;
  }

  /** Stores the snapshot the frame's Python pool makes, unless it booted from a stored one. */
  private keepNewSnapshots(): void {
    const { snapshotStore } = this.options;
    const key = this.snapshotKey;
    if (!snapshotStore || !key || !this.languages.has("python")) return;
    void this.api.newSnapshot("python").then(
      (bytes) => snapshotStore.save(key, bytes),
      () => {},
    );
  }

  /** Whether the first Python worker was handed a snapshot kept from an earlier visit. */
  get snapshotFromStorage(): boolean {
    return this.snapshotLoaded;
  }

  private framePolicy(): string | null {
    if (this.layers.relaxCsp) return null;
    return sandboxContentSecurityPolicy();
  }

  private async attachFrame(): Promise<void> {
    const frame = document.createElement("iframe");
    frame.sandbox.add("allow-scripts");
    frame.allow = "cross-origin-isolated";
    frame.title = "Skillbox sandbox";
    frame.hidden = true;
    if (this.options.frameUrl) frame.src = this.options.frameUrl;
    else frame.srcdoc = frameDocumentHtml(this.framePolicy());
    const loaded = new Promise<void>((resolve) =>
      frame.addEventListener("load", () => resolve(), { once: true }),
    );
    (this.options.container ?? document.body).append(frame);
    try {
      await this.connect(frame, loaded);
    } catch (error) {
      // A frame that never started is removed, so restart after restart leaves none behind.
      frame.remove();
      throw error;
    }
  }

  private async connect(frame: HTMLIFrameElement, loaded: Promise<void>): Promise<void> {
    await timeout(loaded, this.connectTimeoutMs, "the sandbox frame did not load");
    const channel = new MessageChannel();
    const copy = this.frameModule.slice(0);
    frame.contentWindow!.postMessage({ type: CONNECT_MESSAGE, module: copy }, "*", [
      channel.port2,
      copy,
    ]);
    this.frame = frame;
    const failed = new Promise<never>((_, reject) => {
      channel.port1.addEventListener("message", (event: MessageEvent) => {
        const data = event.data as { type?: unknown; message?: unknown } | null;
        if (data?.type === "frame-failed") {
          reject(new Error(`the sandbox frame failed to start: ${String(data.message)}`));
        }
      });
    });
    this.api = wrap<SandboxFrameApi>(channel.port1);
    await timeout(
      Promise.race([this.api.status(), failed]),
      this.connectTimeoutMs,
      "the sandbox frame did not start",
    );
  }

  /**
   * Hands the prepared setups (or those of `languages`) to the frame, in boot order: moved, not
   * copied (tens of MB). Bounded like the frame's start: a run waits for this before its own
   * timers begin.
   */
  private async handOverSetups(languages?: readonly ScriptLanguage[]): Promise<void> {
    const setups = [...this.setups]
      .filter(([language]) => !languages || languages.includes(language))
      .sort(([a], [b]) => BOOT_ORDER.indexOf(a) - BOOT_ORDER.indexOf(b));
    for (const [language] of setups) this.setups.delete(language);
    await timeout(
      Promise.all(
        setups.map(([language, setup]) =>
          this.api.configure(language, transfer(setup, transferablesOf(setup))),
        ),
      ),
      this.connectTimeoutMs,
      "the sandbox frame took no runtime",
    );
  }

  status(): Promise<FrameStatus> {
    return this.api.status();
  }

  async run(
    request: RunRequest,
    signal?: AbortSignal,
    onOutput?: OutputListener,
  ): Promise<RawRunOutcome> {
    if (!this.languages.has(request.language)) {
      throw new Error(`no ${request.language} runtime is configured in this sandbox`);
    }
    await this.restarting;
    await this.ensureConfigured(request.language);
    const onAbort = () => void this.api.cancel(request.runId);
    signal?.addEventListener("abort", onAbort, { once: true });
    let backstop: ReturnType<typeof setTimeout> | undefined;
    let abandoned: ((error: Error) => void) | undefined;
    const frameLost = new Promise<never>((_, reject) => {
      abandoned = reject;
      this.abandon.add(reject);
      this.watchFrame();
      backstop = setTimeout(
        () => reject(new Error(FRAME_LOST_MESSAGE)),
        this.admission.maxQueueWaitMs +
          request.timeLimitMs +
          this.bootTimeoutMs +
          BACKSTOP_SLACK_MS,
      );
    });
    try {
      // Checked like the outcome: the page believes nothing from the frame unchecked.
      const listener = onOutput
        ? proxy((chunk: unknown) => {
            const parsed = outputChunkSchema.safeParse(chunk);
            if (parsed.success) onOutput(parsed.data);
          })
        : undefined;
      const outcome = await Promise.race([this.api.run(request, listener), frameLost]);
      return rawRunOutcomeSchema.parse(outcome);
    } catch (error) {
      // The run answers now; the next one waits for the new frame. A restart that fails is
      // tried again by the next run, which meets the same silence.
      if ((error as Error).message === FRAME_LOST_MESSAGE && !this.disposed) {
        void this.restart().catch(() => {});
      }
      throw error;
    } finally {
      clearTimeout(backstop);
      if (abandoned) this.abandon.delete(abandoned);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  /**
   * Asks the frame whether it is alive while any run is under way; one question unanswered
   * for too long fails every run at once (each then waits for the one restart). Judged by the
   * unanswered question, not by the timer, which a hidden tab's throttling slows.
   */
  private watchFrame(): void {
    if (this.heartbeat) return;
    this.unansweredSince = undefined;
    this.heartbeat = setInterval(() => {
      if (this.abandon.size === 0 || this.disposed) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
        return;
      }
      if (this.unansweredSince !== undefined) {
        if (performance.now() - this.unansweredSince > FRAME_SILENCE_LIMIT_MS) this.frameLost();
        return;
      }
      const asked = performance.now();
      this.unansweredSince = asked;
      this.api.status().then(
        () => {
          if (this.unansweredSince === asked) this.unansweredSince = undefined;
        },
        () => {},
      );
    }, HEARTBEAT_INTERVAL_MS);
  }

  private frameLost(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const reject of this.abandon) reject(new Error(FRAME_LOST_MESSAGE));
    this.abandon.clear();
  }

  private restart(): Promise<void> {
    this.restarting ??= (async () => {
      this.frame.remove();
      const started = this.options.runtimes.filter((source) =>
        this.configured.has(source.language),
      );
      await Promise.all(started.map((source) => this.prepare(source)));
      await this.attachFrame();
      await this.handOverSetups();
    })().finally(() => {
      this.restarting = undefined;
    });
    return this.restarting;
  }

  /** Removes the frame (its workers end with it) and fails the runs under way at once. */
  dispose(): void {
    this.disposed = true;
    this.frame?.remove();
    for (const reject of this.abandon) reject(new Error("the sandbox was disposed"));
    this.abandon.clear();
  }
}
