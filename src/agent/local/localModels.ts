import { EndpointError } from "../providers/provider";
import { ChatTemplateError } from "./chatPrompt";
import {
  contextSize,
  type EngineAssets,
  engineUnsupportedReason,
  LocalModelEngine,
  LocalModelError,
  memoryNeeded,
  memoryProblem,
} from "./engine";
import { usesCompatBuild } from "./engineBuild";
import { ModelFileError } from "./modelFile";
import { IncompleteToolCallError } from "./modelReply";
import {
  type ModelProgress,
  type ModelStore,
  openModelStore,
  type StoredModel,
} from "./modelStore";

/** The in-browser models: those stored here, and the one loaded into the engine. */
export interface LocalModelsApi {
  /** Why this browser cannot run a model, or undefined when it can. */
  unsupported(): Promise<string | undefined>;
  list(): Promise<StoredModel[]>;
  /** Stores a GGUF file chosen by the person (its header is checked first). */
  add(file: File, onProgress?: ModelProgress): Promise<StoredModel>;
  /** Downloads a GGUF once and stores it, for use offline afterwards. */
  download(url: string, onProgress?: ModelProgress, signal?: AbortSignal): Promise<StoredModel>;
  remove(id: string): Promise<void>;
  /** Loads a stored model into the engine (as the chat will), and says how long it took. */
  load(id: string): Promise<{ model: StoredModel; loadMs: number }>;
}

/** Every failure of the local path as the chat shows endpoint failures: one clear sentence. */
export function asEndpointError(error: unknown): unknown {
  if (
    error instanceof LocalModelError ||
    error instanceof ModelFileError ||
    error instanceof ChatTemplateError ||
    error instanceof IncompleteToolCallError
  ) {
    return new EndpointError(error.message);
  }
  return error;
}

const deviceMemory = (): number | undefined =>
  (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;

/** One store and one engine for a Skillbox; the engine starts on the first load. */
export class LocalModels implements LocalModelsApi {
  readonly engine: LocalModelEngine;
  private readonly store: ModelStore;

  constructor(assets: EngineAssets, store: ModelStore = openModelStore()) {
    this.engine = new LocalModelEngine(assets);
    this.store = store;
  }

  async unsupported(): Promise<string | undefined> {
    return engineUnsupportedReason();
  }

  list(): Promise<StoredModel[]> {
    return this.store.list();
  }

  add(file: File, onProgress?: ModelProgress): Promise<StoredModel> {
    return this.store.add(file, onProgress);
  }

  download(url: string, onProgress?: ModelProgress, signal?: AbortSignal): Promise<StoredModel> {
    return this.store.download(url, onProgress, signal);
  }

  async remove(id: string): Promise<void> {
    if (this.engine.loaded === id) await this.engine.dispose();
    await this.store.remove(id);
  }

  /** The stored model by id, loaded into the engine; refuses one that cannot fit in memory. */
  async prepare(id: string): Promise<StoredModel> {
    const model = await this.store.get(id);
    if (!model) {
      throw new ModelFileError(
        "unreadable",
        id
          ? "The chosen in-browser model is no longer stored here: add it again or choose another in the settings."
          : "No in-browser model is chosen: add a GGUF file in the settings and choose it.",
      );
    }
    const needed = memoryNeeded(
      model.sizeBytes,
      model.cacheBytesPerToken * contextSize(model.contextLength),
    );
    const tooLarge = memoryProblem(needed, deviceMemory(), usesCompatBuild());
    if (tooLarge) throw new LocalModelError(tooLarge);
    await this.engine.load(id, () => this.store.file(id), model.contextLength);
    return model;
  }

  async load(id: string): Promise<{ model: StoredModel; loadMs: number }> {
    const started = performance.now();
    const model = await this.prepare(id);
    return { model, loadMs: Math.round(performance.now() - started) };
  }
}
