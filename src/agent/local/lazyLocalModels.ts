import type { ModelProvider } from "../providers/provider";
import type { EngineAssets } from "./engine";
import type { LocalModels, LocalModelsApi } from "./localModels";

/** The in-browser models of one Skillbox, their code loaded on first use. */
export interface LazyLocalModels {
  api: LocalModelsApi;
  /** The chat's provider for a stored model; its code loads with its first reply. */
  provider(modelId: string): ModelProvider;
  dispose(): void;
}

/**
 * The local-model code (GGUF reader, chat templates, grammar, engine glue) stays out of the
 * first chunk: most visitors never use it, and the engine itself is loaded later still.
 */
export function lazyLocalModels(assets: EngineAssets): LazyLocalModels {
  let loaded: Promise<LocalModels> | undefined;
  const models = () => {
    loaded ??= import("./localModels").then((module) => new module.LocalModels(assets));
    return loaded;
  };
  return {
    api: {
      unsupported: async () => (await models()).unsupported(),
      list: async () => (await models()).list(),
      add: async (file, onProgress) => (await models()).add(file, onProgress),
      download: async (url, onProgress, signal) =>
        (await models()).download(url, onProgress, signal),
      remove: async (id) => (await models()).remove(id),
      load: async (id) => (await models()).load(id),
    },
    provider(modelId) {
      let provider: Promise<ModelProvider> | undefined;
      return {
        async complete(request) {
          provider ??= Promise.all([import("../providers/localModel"), models()]).then(
            ([{ LocalModelProvider }, local]) => new LocalModelProvider(local, modelId),
          );
          return (await provider).complete(request);
        },
      };
    },
    dispose() {
      void loaded?.then((local) => local.engine.dispose());
    },
  };
}
