import type { Wllama } from "@wllama/wllama";
import type { StorageBackend } from "@wllama/wllama/esm/storage/index.js";
import { retryWhileOutOfAddressSpace } from "../../sandbox/addressSpace";

/** Where the engine's files are served: the app's own origin, never a CDN. */
export interface EngineAssets {
  /** `@wllama/wllama`'s ES module. */
  moduleUrl: string;
  /** Its `wllama.wasm`, from the same release (the two check each other's version). */
  wasmUrl: string;
  /** The compatibility build's worker and wasm (`@wllama/wllama-compat`, same release). */
  compatWorkerUrl: string;
  compatWasmUrl: string;
}

export interface GenerateRequest {
  prompt: string;
  grammar: string;
  maxTokens: number;
  signal: AbortSignal;
  /** The whole generation so far, after each token. */
  onProgress: (generated: string) => void;
}

export interface Generation {
  text: string;
  /** `length` when the token limit cut it off. */
  finishReason: "stop" | "length";
}

/** A failure of the in-browser engine, worded for the person in the chat. */
export class LocalModelError extends Error {
  override name = "LocalModelError";
}

/** wllama's download cache, never used: every model reaches the engine as a file. */
const NO_DOWNLOAD_CACHE: StorageBackend = {
  isSupported: () => true,
  read: async () => null,
  write: async () => {
    throw new Error("the in-browser model engine downloads nothing");
  },
  getSize: async () => -1,
  list: async () => [],
  delete: async () => {},
};

/** A context as large as the model allows, up to this: enough for the tools prompt and a run. */
const MAX_CONTEXT = 8192;
/** How many of the engine's own error lines to keep for the next message. */
const KEPT_LOG_LINES = 6;
/**
 * Waits before each further load when the engine found no address space for its memory (7.5 s
 * in all). The page's renderer can be the sandbox frame's too: right after its workers churn, a
 * load failed with "WebAssembly.Memory(): could not allocate memory" in 2 CI runs, and the room
 * came back within 3 s when measured here.
 */
const LOAD_RETRY_WAITS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** What the engine needs of the browser that no build of it does without, said plainly. */
export function engineUnsupportedReason(): string | undefined {
  return "Exception" in WebAssembly
    ? undefined
    : "The in-browser model needs WebAssembly exception handling, which this browser lacks.";
}

/** The context the engine opens for a model trained for `trained` tokens. */
export function contextSize(trained: number | undefined): number {
  return Math.min(trained ?? 4096, MAX_CONTEXT);
}

/**
 * Memory a model takes once loaded: the whole file in the engine's WebAssembly memory, the
 * attention cache of its context, and the engine's own buffers.
 */
export function memoryNeeded(fileBytes: number, cacheBytes: number): number {
  return fileBytes * 1.05 + cacheBytes + 300e6;
}

/**
 * Refuses, before loading, a model that cannot fit: a tab that runs out of memory is killed.
 * `deviceMemoryGb` is the browser's coarse `navigator.deviceMemory` (absent in some browsers).
 */
export function memoryProblem(
  neededBytes: number,
  deviceMemoryGb: number | undefined,
  compatBuild: boolean,
): string | undefined {
  // Chromium caps a memory64 WebAssembly memory at 16 GiB, the compatibility build (wasm32) has
  // 4 GiB; a tab gets well under the device's.
  const cap = (compatBuild ? 4 : 16) * 1024 ** 3;
  const limit = Math.min(cap, deviceMemoryGb ? deviceMemoryGb * 1e9 * 0.75 : cap);
  if (neededBytes <= limit) return undefined;
  const size = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;
  return `This model needs about ${size(neededBytes)} of memory and this browser can give it about ${size(limit)}: choose a smaller model or a smaller quantization (Q4_K_M of a 0.6B–3B model fits most machines).`;
}

/**
 * llama.cpp in WebAssembly (wllama), loaded on first use from the app's own origin. Its work runs
 * in the worker wllama starts; this object only talks to it. One model is loaded at a time.
 */
export class LocalModelEngine {
  private wllama: Wllama | undefined;
  private loadedKey: string | undefined;
  private loading: Promise<void> | undefined;
  private readonly errors: string[] = [];

  constructor(private readonly assets: EngineAssets) {}

  /** The model loaded now, by the caller's key. */
  get loaded(): string | undefined {
    return this.loadedKey;
  }

  private recentErrors(): string {
    const lines = this.errors.splice(0);
    return lines.length ? ` (engine: ${lines.slice(-KEPT_LOG_LINES).join(" / ")})` : "";
  }

  private async start(): Promise<Wllama> {
    if (this.wllama) return this.wllama;
    const unsupported = engineUnsupportedReason();
    if (unsupported) throw new LocalModelError(unsupported);
    const { Wllama, CacheManager } = (await import(
      /* @vite-ignore */ this.assets.moduleUrl
    )) as typeof import("@wllama/wllama");
    const remember = (...args: unknown[]) => {
      this.errors.push(args.map(String).join(" ").trim());
      this.errors.splice(0, Math.max(0, this.errors.length - KEPT_LOG_LINES * 4));
    };
    // The engine's errors reach JavaScript with unhelpful messages; its log says what happened.
    const wllama = new Wllama(
      { default: this.assets.wasmUrl },
      {
        logger: { debug: () => {}, log: () => {}, warn: () => {}, error: remember },
        allowOffline: true,
        // Models are handed in as files (kept by our own store); wllama's download cache would
        // otherwise require OPFS just to start, which WebKitGTK lacks.
        cacheManager: new CacheManager([NO_DOWNLOAD_CACHE]),
      },
    );
    // The compatibility build from our own origin, never wllama's default (a CDN); wllama uses
    // it only where the main build cannot run.
    wllama.setCompat({ worker: this.assets.compatWorkerUrl, wasm: this.assets.compatWasmUrl });
    this.wllama = wllama;
    return wllama;
  }

  /**
   * Loads a model file, replacing the one loaded; the same key again is a no-op, and `file` is
   * only read when a load happens (the chat asks before every reply).
   */
  load(key: string, file: () => Promise<Blob>, contextLength: number | undefined): Promise<void> {
    if (this.loadedKey === key && this.loading) return this.loading;
    const previous = this.loading ?? Promise.resolve();
    this.loadedKey = key;
    this.loading = previous
      .catch(() => {})
      .then(async () => {
        const current = await this.start();
        if (current.isModelLoaded()) await current.exit();
        let wllama: Wllama;
        try {
          const model = await file();
          wllama = await retryWhileOutOfAddressSpace(async () => {
            this.errors.length = 0;
            const engine = await this.start();
            try {
              await engine.loadModel([model], {
                n_ctx: contextSize(contextLength),
                // One thread: on small machines two were far slower, and one needs no isolation.
                n_threads: 1,
                n_gpu_layers: 0,
              });
            } catch (error) {
              // A failed load leaves a worker holding its memory; end it before any next try.
              this.wllama = undefined;
              await engine.exit().catch(() => {});
              throw error;
            }
            return engine;
          }, LOAD_RETRY_WAITS_MS);
        } catch (error) {
          throw new LocalModelError(
            `The model could not be loaded: ${(error as Error).message}${this.recentErrors()}`,
          );
        }
        // A model llama.cpp refuses (an unknown architecture, say) can still "load": only the
        // log tells, and every request after it fails with a meaningless error.
        const refusal =
          this.errors.find((line) => line.includes("error loading model:")) ??
          this.errors.find((line) => line.includes("failed to load model"));
        if (refusal) {
          this.errors.length = 0;
          this.wllama = undefined;
          await wllama.exit().catch(() => {});
          throw new LocalModelError(
            `The model could not be loaded: ${refusal.replace(/^.*error loading model: /, "")}.`,
          );
        }
      });
    this.loading.catch(() => {
      if (this.loadedKey === key) {
        this.loadedKey = undefined;
        this.loading = undefined;
      }
    });
    return this.loading;
  }

  /** Generates under the grammar; a Stop rejects at once with an `AbortError`. */
  async generate(request: GenerateRequest): Promise<Generation> {
    if (!this.loading) throw new LocalModelError("No in-browser model is loaded.");
    await this.loading;
    const wllama = this.wllama;
    if (!wllama) throw new LocalModelError("The in-browser model stopped; choose it again.");
    request.signal.throwIfAborted();
    let text = "";
    let finishReason: Generation["finishReason"] = "stop";
    try {
      await wllama.createCompletion({
        prompt: request.prompt,
        grammar: request.grammar,
        max_tokens: request.maxTokens,
        temperature: 0.7,
        stream: true,
        abortSignal: request.signal,
        onData: (chunk) => {
          const choice = chunk.choices[0];
          if (!choice) return;
          text += choice.text;
          if (choice.finish_reason === "length") finishReason = "length";
          request.onProgress(text);
        },
      });
    } catch (error) {
      if (request.signal.aborted) throw new DOMException("Stopped", "AbortError");
      const message = (error as Error).message;
      const tooLong =
        /request \((\d+) tokens\) exceeds the available context size \((\d+) tokens\)/.exec(
          message,
        );
      if (tooLong) {
        this.errors.length = 0;
        throw new LocalModelError(
          `The conversation (${tooLong[1]} tokens with the skills and tools) no longer fits the model's context of ${tooLong[2]} tokens: start a new chat, or use a model with a longer context.`,
        );
      }
      throw new LocalModelError(
        `The in-browser model failed: ${(error as Error).message}${this.recentErrors()}`,
      );
    }
    return { text, finishReason };
  }

  /** Unloads the model and ends the engine's worker. */
  async dispose(): Promise<void> {
    const wllama = this.wllama;
    this.wllama = undefined;
    this.loadedKey = undefined;
    this.loading = undefined;
    await wllama?.exit().catch(() => {});
  }
}
