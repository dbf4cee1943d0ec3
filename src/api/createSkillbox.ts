import { runTurn } from "../agent/agentLoop";
import { checkEndpoint, checkLocalModel } from "../agent/endpointCheck";
import { lazyLocalModels } from "../agent/local/lazyLocalModels";
import { AnthropicProvider } from "../agent/providers/anthropic";
import { ChatCompletionsProvider } from "../agent/providers/chatCompletions";
import type { EndpointSettings } from "../agent/providers/provider";
import { type ChatStore, MemoryChatStore, openIdbChatStore } from "../agent/sessionStore";
import { type AgentToolbox, agentToolbox, parseToolArguments } from "../agent/toolbox";
import { admissionOf, toolLimitsOf } from "../deployment/deploymentConfig";
import { encodeBase64 } from "../encoding/base64";
import { MemoryOutputFileStore } from "../files/memoryOutputFileStore";
import {
  IdbOutputFileStore,
  type ManagedOutputFileStore,
  OUTPUT_FILES_DB,
} from "../files/outputFileStore";
import { OUTPUT_FILES_PREFIX } from "../files/servedOutputFile";
import { AgentProfile } from "../library/agentProfile";
import { exportSkillZip } from "../library/exportZip";
import { bundleFromSource, type ImportProgress, type ImportSource } from "../library/fileImport";
import { McpImportError, mcpNameConflict } from "../library/mcpOrigin";
import {
  MemorySettingsStore,
  openIdbSettingsStore,
  type SettingsStore,
  type SkillSetting,
} from "../library/settingsStore";
import { declaredPackages } from "../python/packagePlan";
import { PythonPackagesRuntime } from "../python/packageRuntime";
import { PythonPackageSet } from "../python/packageSet";
import { hasServiceWorkers } from "../sandbox/features";
import { sandboxAssets } from "../sandbox/host/runtimeAssets";
import { RuntimeLoads } from "../sandbox/host/runtimeLoads";
import { SandboxHost } from "../sandbox/host/sandboxHost";
import { openIdbSnapshotStore } from "../sandbox/host/snapshotStore";
import { RUNTIME_LAYOUT } from "../sandbox/runtimeLayout";
import { IdbSkillStorage } from "../skills/idbStorage";
import { DEFAULT_BUNDLE_LIMITS } from "../skills/limits";
import { type SkillCatalog, SkillRegistry } from "../skills/registry";
import { bundleFromBase64Zip, bundleFromMap } from "../skills/sources";
import { MemorySkillStorage, type SkillStorage } from "../skills/storage";
import { type AgentBinding, bindAll } from "../tools/binding";
import type { SkillToolCallRecord } from "../tools/records";
import { SkillTools, type ToolResult } from "../tools/skillTools";
import {
  type InstallSource,
  type ResolvedSkillboxOptions,
  resolveSkillboxOptions,
  type SkillboxOptions,
} from "./options";
import type {
  BindingOptions,
  CallToolOptions,
  ChatApi,
  InstallOptions,
  Skillbox,
} from "./skillbox";
import { toolExports } from "./toolExports";

/** A default chat endpoint: a local OpenAI-compatible server (Ollama). */
export const DEFAULT_ENDPOINT: EndpointSettings = {
  protocol: "openai",
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.2",
  apiKey: "",
  stream: true,
};

interface Stores {
  skills: SkillStorage;
  settings: SettingsStore;
  chat: ChatStore;
  outputFiles: ManagedOutputFileStore;
}

/** IndexedDB when asked for and offered (a reload keeps everything), memory otherwise. */
async function openStores(options: ResolvedSkillboxOptions): Promise<Stores> {
  const { storage, storageName: name, limits } = options;
  const capBytes = limits.outputStoreBytes;
  const memory = (): Stores => ({
    skills: new MemorySkillStorage(),
    settings: new MemorySettingsStore(),
    chat: new MemoryChatStore(),
    outputFiles: new MemoryOutputFileStore(location.origin, capBytes),
  });
  if (storage === "memory") return memory();
  try {
    return {
      skills: await IdbSkillStorage.open(`${name}-library`),
      settings: await openIdbSettingsStore(`${name}-settings`),
      chat: await openIdbChatStore(`${name}-chat`),
      // The app's own files keep the name its service worker serves them from.
      outputFiles: new IdbOutputFileStore(
        location.origin,
        capBytes,
        name === "skillbox" ? OUTPUT_FILES_DB : `${name}-output-files`,
      ),
    };
  } catch {
    return memory();
  }
}

async function seedSkills(
  registry: SkillRegistry,
  skills: ResolvedSkillboxOptions["skills"],
): Promise<void> {
  if ((await registry.listSkills()).length > 0) return;
  for (const source of typeof skills === "function" ? await skills() : skills) {
    await registry.install(bundleFromInstallSource(source, {}));
  }
}

function bundleFromInstallSource(source: InstallSource, options: InstallOptions) {
  return "files" in source
    ? bundleFromMap(source.files, DEFAULT_BUNDLE_LIMITS, options)
    : bundleFromBase64Zip(source.zipBase64, DEFAULT_BUNDLE_LIMITS, options);
}

/**
 * A Skillbox on this page. Throws SkillboxOptionsError at once for wrong options; everything else
 * (storage, runtime assets, the sandbox) starts in the background, and {@link Skillbox.ready} says
 * when it is up.
 */
export function createSkillbox(options: SkillboxOptions = {}): Skillbox {
  const settings = resolveSkillboxOptions(options);
  const records: SkillToolCallRecord[] = [];
  const listeners = new Set<() => void>();
  let disposed = false;
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const alive = () => {
    if (disposed) throw new Error("this Skillbox was disposed");
  };

  let packageSetLoaded: Promise<PythonPackageSet> | undefined;
  const packageSet = () => {
    const { packagesUrl } = settings.python;
    packageSetLoaded ??= packagesUrl
      ? PythonPackageSet.load(packagesUrl)
      : Promise.resolve(PythonPackageSet.empty());
    return packageSetLoaded;
  };

  const opened = (async () => {
    const stores = await openStores(settings);
    const registry = new SkillRegistry(stores.skills);
    await seedSkills(registry, settings.skills);
    const tools = new SkillTools({
      catalog: registry,
      runtime: new PythonPackagesRuntime(
        {
          run: async (request, signal, onOutput) => (await sandbox).run(request, signal, onOutput),
        },
        packageSet,
      ),
      files: stores.outputFiles,
      limits: toolLimitsOf(settings.limits),
      usage: await stores.settings.loadUsage(),
      scripts: settings.scripts,
      ...(settings.approveScriptRun ? { approveRun: settings.approveScriptRun } : {}),
      onCall: (record) => {
        records.push(record);
        void stores.settings.saveUsage(tools.usage);
      },
    });
    return { stores, registry, tools, profile: new AgentProfile(stores.settings, registry) };
  })();
  const loads = new RuntimeLoads();
  const sandbox = (async () => {
    const snapshotStore =
      settings.storage === "indexeddb"
        ? await openIdbSnapshotStore().catch(() => undefined)
        : undefined;
    const host = await SandboxHost.open({
      loads,
      ...sandboxAssets({
        assetsUrl: settings.assetsUrl,
        shell: settings.shell,
        ...(settings.python.preload.length > 0
          ? {
              pythonPreload: async () => (await packageSet()).preloadAsset(settings.python.preload),
            }
          : {}),
      }),
      admission: admissionOf(settings.limits),
      ...(settings.eager ? { eager: settings.eager } : {}),
      ...(settings.frameUrl ? { frameUrl: settings.frameUrl } : {}),
      ...(settings.container ? { container: settings.container } : {}),
      ...(snapshotStore ? { snapshotStore } : {}),
    });
    if (disposed) host.dispose();
    return host;
  })();
  const ready = Promise.all([opened, sandbox]).then(() => undefined);
  // A caller that never awaits `ready` still sees failures through the calls that need it.
  ready.catch(() => {});

  const assetsBase = new URL(settings.assetsUrl, location.href);
  const localModels = lazyLocalModels({
    moduleUrl: new URL(RUNTIME_LAYOUT.wllama.module, assetsBase).href,
    wasmUrl: new URL(RUNTIME_LAYOUT.wllama.wasm, assetsBase).href,
    compatWorkerUrl: new URL(RUNTIME_LAYOUT.wllama.compatWorker, assetsBase).href,
    compatWasmUrl: new URL(RUNTIME_LAYOUT.wllama.compatWasm, assetsBase).href,
  });
  let turn: AbortController | undefined;
  const chatStore = async () => (await opened).stores.chat;
  const endpoint = async () =>
    (await (await chatStore()).loadEndpoint()) ?? settings.endpoint ?? DEFAULT_ENDPOINT;
  const catalog: SkillCatalog = {
    getSkill: async (name, version) => (await opened).registry.getSkill(name, version),
    listSkills: async () => (await opened).registry.listSkills(),
  };
  const bindingOf = async (binding: BindingOptions, fallback: "all" | "profile") => {
    if (binding.skills) return bindAll(binding.skills);
    if (fallback === "all") return bindAll((await catalog.listSkills()).map((s) => s.name));
    return (await opened).profile.binding();
  };
  const toolboxFor = async (binding: BindingOptions): Promise<AgentToolbox> => {
    const { tools } = await opened;
    return agentToolbox(tools, () => bindingOf(binding, "profile"));
  };
  const chat: ChatApi = {
    endpoint,
    endpointChosen: async () =>
      settings.endpoint !== undefined || (await (await chatStore()).loadEndpoint()) !== undefined,
    setEndpoint: async (value) => (await chatStore()).saveEndpoint(value),
    checkEndpoint: async (value) => {
      const chosen = value ?? (await endpoint());
      return chosen.protocol === "local"
        ? checkLocalModel(localModels.api, chosen.model)
        : checkEndpoint(chosen);
    },
    transcript: async () => (await (await chatStore()).loadSession()).transcript,
    async send(text, onUpdate) {
      alive();
      // The turn is cancellable from the call on, before the session and endpoint are read.
      turn?.abort();
      const thisTurn = new AbortController();
      turn = thisTurn;
      const store = await chatStore();
      const session = await store.loadSession();
      const current = await endpoint();
      session.transcript.push({ role: "user", text });
      const outcome = await runTurn({
        provider:
          current.protocol === "anthropic"
            ? new AnthropicProvider(current)
            : current.protocol === "local"
              ? localModels.provider(current.model)
              : new ChatCompletionsProvider(current),
        toolbox: await toolboxFor({}),
        transcript: session.transcript,
        signal: thisTurn.signal,
        ...(onUpdate ? { onUpdate } : {}),
      });
      await store.saveSession(session);
      return outcome;
    },
    cancel: () => turn?.abort(),
    clear: async () => (await chatStore()).saveSession({ id: crypto.randomUUID(), transcript: [] }),
  };

  const call = async (
    toolName: string,
    args: unknown,
    binding: AgentBinding,
    { timeLimitMs, signal, onOutput }: Omit<CallToolOptions, "skills"> = {},
  ): Promise<ToolResult> => {
    if (disposed) return { error: "This Skillbox was disposed" };
    const parsed = parseToolArguments(args);
    if (!parsed.ok) return { error: parsed.error };
    return (await opened).tools.call(toolName, parsed.value, {
      binding,
      ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
      ...(signal ? { signal } : {}),
      ...(onOutput ? { onOutput } : {}),
    });
  };
  /** Runs a library change, then tells the subscribers. */
  const change =
    <A extends unknown[], R>(action: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      alive();
      const result = await action(...args);
      changed();
      return result;
    };

  const tools = toolExports({
    definitions: async (binding) => (await toolboxFor(binding)).definitions(),
    instructionLines: async (binding) => (await toolboxFor(binding)).instructionLines(),
    call: async (toolName, args, binding) =>
      call(toolName, args, await bindingOf(binding, "profile")),
    subscribe,
  });

  return {
    ready,
    installSkill: change(async (source: InstallSource, installOptions: InstallOptions = {}) =>
      (await opened).registry.install(bundleFromInstallSource(source, installOptions)),
    ),
    importSkill: change(
      async (
        source: ImportSource,
        onProgress: ImportProgress = () => {},
        installOptions: InstallOptions = {},
      ) => {
        const bundle = await bundleFromSource(source, onProgress, installOptions);
        const origin = source.kind === "files" ? source.origin : undefined;
        const { registry } = await opened;
        if (origin?.kind === "mcp") {
          const conflict = mcpNameConflict(
            bundle.name,
            origin,
            await registry.getSkill(bundle.name),
          );
          if (conflict) throw new McpImportError(conflict);
        }
        return registry.install(bundle, origin);
      },
    ),
    async callTool(toolName, args, callOptions = {}) {
      return call(toolName, args, await bindingOf(callOptions, "all"), callOptions);
    },
    listSkills: () => catalog.listSkills(),
    getSkill: (name, version) => catalog.getSkill(name, version),
    setDefaultVersion: change(async (name: string, version: number) =>
      (await opened).registry.setDefaultVersion(name, version),
    ),
    deleteVersion: change(async (name: string, version: number) =>
      (await opened).registry.deleteVersion(name, version),
    ),
    deleteSkill: change(async (name: string) => (await opened).registry.deleteSkill(name)),
    async exportSkill(name, version) {
      const skill = await catalog.getSkill(name, version);
      if (!skill)
        throw new Error(`Skill "${name}"${version ? ` version ${version}` : ""} is not installed`);
      return encodeBase64(exportSkillZip(skill));
    },
    profile: async () => (await opened).profile.skills(),
    updateProfile: change(
      async (name: string, update: Partial<Pick<SkillSetting, "bound" | "active">>) =>
        (await opened).profile.update(name, update),
    ),
    async agentContext() {
      const box = await toolboxFor({});
      return { instructionLines: await box.instructionLines(), tools: await box.definitions() };
    },
    async callAgentTool(toolName, args) {
      return call(toolName, args, await bindingOf({}, "profile"));
    },
    tools,
    usage: async () => ({ ...(await opened).tools.usage }),
    records: async () => [...records],
    outputFiles: async () => (await opened).stores.outputFiles.stats(),
    clearOutputFiles: async () => (await opened).stores.outputFiles.clear(),
    async readOutputFile(url) {
      const { pathname } = new URL(url, location.href);
      if (!pathname.startsWith(OUTPUT_FILES_PREFIX)) return undefined;
      const bytes = await (await opened).stores.outputFiles.read(pathname);
      return bytes ? new Uint8Array(bytes) : undefined;
    },
    async pythonPackages(skillName, version) {
      const set = await packageSet();
      const skill =
        skillName === undefined ? undefined : await catalog.getSkill(skillName, version);
      return {
        available: set.packageNames(),
        ...(set.problem ? { problem: set.problem } : {}),
        declared: skill ? declaredPackages(set.lock, skill.files, set.environment) : [],
      };
    },
    async status() {
      const host = await sandbox;
      const frame = await host.status();
      return {
        ...frame,
        features: { ...frame.features, serviceWorkers: hasServiceWorkers() },
        pythonSnapshotFromStorage: host.snapshotFromStorage,
      };
    },
    runtimeStates: async () => loads.snapshot(),
    chat,
    localModels: localModels.api,
    subscribe,
    dispose() {
      if (disposed) return;
      disposed = true;
      turn?.abort();
      listeners.clear();
      localModels.dispose();
      void sandbox.then(
        (host) => host.dispose(),
        () => {},
      );
    },
  };
}
