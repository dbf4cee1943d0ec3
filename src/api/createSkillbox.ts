import { runTurn, type TurnOutcome } from "../agent/agentLoop";
import { checkEndpoint, checkLocalModel, type EndpointCheck } from "../agent/endpointCheck";
import type { AnthropicTool, ChatCompletionsTool, ResponsesTool } from "../agent/formats";
import { lazyLocalModels } from "../agent/local/lazyLocalModels";
import type { LocalModelsApi } from "../agent/local/localModels";
import { AnthropicProvider } from "../agent/providers/anthropic";
import { ChatCompletionsProvider } from "../agent/providers/chatCompletions";
import type { EndpointSettings } from "../agent/providers/provider";
import { type ChatStore, MemoryChatStore, openIdbChatStore } from "../agent/sessionStore";
import { type AgentToolbox, agentToolbox, parseToolArguments } from "../agent/toolbox";
import type { TranscriptItem } from "../agent/transcript";
import type { ModelContext } from "../agent/webMcp";
import { admissionOf, toolLimitsOf } from "../deployment/deploymentConfig";
import { encodeBase64 } from "../encoding/base64";
import { MemoryOutputFileStore } from "../files/memoryOutputFileStore";
import {
  IdbOutputFileStore,
  type ManagedOutputFileStore,
  OUTPUT_FILES_DB,
  type OutputFileStats,
} from "../files/outputFileStore";
import { OUTPUT_FILES_PREFIX } from "../files/servedOutputFile";
import { AgentProfile } from "../library/agentProfile";
import { exportSkillZip } from "../library/exportZip";
import { bundleFromSource, type ImportProgress, type ImportSource } from "../library/fileImport";
import {
  MemorySettingsStore,
  openIdbSettingsStore,
  type SettingsStore,
  type SkillSetting,
} from "../library/settingsStore";
import { type DeclaredPackage, declaredPackages } from "../python/packagePlan";
import { PythonPackagesRuntime } from "../python/packageRuntime";
import { PythonPackageSet } from "../python/packageSet";
import { type BrowserFeatures, hasServiceWorkers } from "../sandbox/features";
import type { FrameStatus } from "../sandbox/frame/frameApi";
import { sandboxAssets } from "../sandbox/host/runtimeAssets";
import { type RuntimeLoadState, RuntimeLoads } from "../sandbox/host/runtimeLoads";
import { SandboxHost } from "../sandbox/host/sandboxHost";
import { openIdbSnapshotStore } from "../sandbox/host/snapshotStore";
import type { OutputListener, ScriptLanguage } from "../sandbox/runtime";
import { RUNTIME_LAYOUT } from "../sandbox/runtimeLayout";
import { IdbSkillStorage } from "../skills/idbStorage";
import { DEFAULT_BUNDLE_LIMITS } from "../skills/limits";
import {
  type InstalledSkill,
  type SkillCatalog,
  SkillRegistry,
  type SkillSummary,
  type SkillVersion,
} from "../skills/registry";
import { bundleFromBase64Zip, bundleFromMap } from "../skills/sources";
import { MemorySkillStorage, type SkillStorage } from "../skills/storage";
import { type AgentBinding, bindAll } from "../tools/binding";
import type { ToolDefinition } from "../tools/definitions";
import type { SkillToolCallRecord, Usage } from "../tools/records";
import { SkillTools, type ToolResult } from "../tools/skillTools";
import {
  type InstallSource,
  type ResolvedSkillboxOptions,
  resolveSkillboxOptions,
  type SkillboxOptions,
} from "./options";
import { toolExports } from "./toolExports";

/** What {@link Skillbox.pythonPackages} reports. */
export interface PythonPackagesReport {
  /** The set's packages as `name version`. */
  available: string[];
  /** Why the set's lock file could not be read (the set is then empty). */
  problem?: string;
  /** The skill's declared requirements; empty without a skill. */
  declared: DeclaredPackage[];
}

export interface InstallOptions {
  /** The publish check for skill authors: every warning refuses the install too. */
  strict?: boolean;
}

/** Which skills a call or an export may reach. */
export interface BindingOptions {
  /**
   * These skills, bound and Active. Absent: {@link callTool} reaches every installed skill, the
   * tool exports follow the agent profile (the chat's skill toggles).
   */
  skills?: string[];
}

export interface CallToolOptions extends BindingOptions {
  /** Time limit of this call's run, in milliseconds (default 30 s). */
  timeLimitMs?: number;
  /** Stops the run: it ends at once with exit code 130 and a `cancelled` note. */
  signal?: AbortSignal;
  /**
   * Hears stdout and stderr while the script runs, in the order it printed them. The result's
   * `stdout` and `stderr` stay the record of the run; this is for watching it.
   */
  onOutput?: OutputListener;
}

/** What an agent is offered under a binding (CONTRACT §2). */
export interface AgentContext {
  instructionLines: string[];
  tools: ToolDefinition[];
}

/** The chat: an agent loop over a model endpoint, with the profile's skills. */
export interface ChatApi {
  endpoint(): Promise<EndpointSettings>;
  /** Whether an endpoint was chosen (saved by the user or given in the options), not defaulted. */
  endpointChosen(): Promise<boolean>;
  setEndpoint(settings: EndpointSettings): Promise<void>;
  /** Tests an endpoint (the saved one by default) and says what is wrong with it, if anything. */
  checkEndpoint(settings?: EndpointSettings): Promise<EndpointCheck>;
  transcript(): Promise<TranscriptItem[]>;
  /** Sends a message and runs the assistant's turn; resolves when the turn ends, never throws. */
  send(
    text: string,
    onUpdate?: (transcript: readonly TranscriptItem[], streamingText: string) => void,
  ): Promise<TurnOutcome>;
  /** Stops the running turn at once, and the script it is running. */
  cancel(): void;
  clear(): Promise<void>;
}

/**
 * `jsonSchema` of the Vercel AI SDK (`import { jsonSchema } from "ai"`), passed in by the caller
 * so the tools carry the schema type of the caller's own `ai` version.
 */
export type AiSdkJsonSchema<Schema> = (schema: Record<string, unknown>) => Schema;

/** A tool as the Vercel AI SDK's `generateText`/`streamText` take it. */
export interface AiSdkTool<Schema = unknown> {
  description: string;
  inputSchema: Schema;
  execute(input: unknown): Promise<ToolResult>;
}

/** The two skill tools in each model API's own format. */
export interface ToolExports {
  /** The neutral definitions every format is mapped from; `skill_name` lists the skills. */
  definitions(options?: BindingOptions): Promise<ToolDefinition[]>;
  /** The system-prompt lines, one `[skill: NAME] description` per reachable skill. */
  instructionLines(options?: BindingOptions): Promise<string[]>;
  /** Answers a model's call of either tool under this binding; `args` may be JSON text. */
  call(toolName: string, args: unknown, options?: BindingOptions): Promise<ToolResult>;
  openAIChatCompletions(options?: BindingOptions): Promise<ChatCompletionsTool[]>;
  openAIResponses(options?: BindingOptions): Promise<ResponsesTool[]>;
  anthropic(options?: BindingOptions): Promise<AnthropicTool[]>;
  /** For `generateText({ tools })`; calls run through {@link Skillbox.callTool}'s path. */
  aiSdk<Schema>(
    jsonSchema: AiSdkJsonSchema<Schema>,
    options?: BindingOptions,
  ): Promise<Record<string, AiSdkTool<Schema>>>;
  /**
   * Registers both tools with the page's WebMCP model context (`document.modelContext`) and
   * registers them again whenever the reachable skills change; returns the function that stops.
   */
  registerWebMcp(context?: ModelContext, options?: BindingOptions): Promise<() => void>;
}

/** A default chat endpoint: a local OpenAI-compatible server (Ollama). */
export const DEFAULT_ENDPOINT: EndpointSettings = {
  protocol: "openai",
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.2",
  apiKey: "",
  stream: true,
};

/** What the sandbox runs on, for a status line and automation. */
export interface SandboxStatus extends FrameStatus {
  features: BrowserFeatures;
  /** Whether Python's first worker booted from a memory snapshot kept from an earlier visit. */
  pythonSnapshotFromStorage: boolean;
}

/** One Skillbox: a skill library, a sandbox, the two tools and a chat. */
export interface Skillbox {
  /** Resolves once the library is open and the sandbox attached; rejects if it cannot start. */
  ready: Promise<void>;
  /**
   * Validates and installs a skill; rejects with a BundleValidationError listing every problem
   * when an error refuses it. Warnings come back with the result and stay with the version.
   */
  installSkill(source: InstallSource, options?: InstallOptions): Promise<InstalledSkill>;
  /** Imports loose files of one folder or a zip's bytes, reporting zip progress. */
  importSkill(
    source: ImportSource,
    onProgress?: ImportProgress,
    options?: InstallOptions,
  ): Promise<InstalledSkill>;
  /**
   * Calls `get_skill_instructions` or `run_skill_script` (CONTRACT §3, §4). `args` is an object or
   * its JSON text. Never throws: every outcome, bad input included, is contract JSON.
   */
  callTool(toolName: string, args: unknown, options?: CallToolOptions): Promise<ToolResult>;
  listSkills(): Promise<SkillSummary[]>;
  getSkill(name: string, version?: number): Promise<SkillVersion | undefined>;
  setDefaultVersion(name: string, version: number): Promise<void>;
  deleteVersion(name: string, version: number): Promise<void>;
  deleteSkill(name: string): Promise<void>;
  /** A version as a zip, base64-encoded. */
  exportSkill(name: string, version?: number): Promise<string>;
  /** The agent profile: every installed skill, bound or not, Active or not. */
  profile(): Promise<SkillSetting[]>;
  updateProfile(
    name: string,
    change: Partial<Pick<SkillSetting, "bound" | "active">>,
  ): Promise<void>;
  /** What the profile's agent is offered: instruction lines and tool definitions. */
  agentContext(): Promise<AgentContext>;
  /** A tool call as the profile's agent makes it. */
  callAgentTool(toolName: string, args: unknown): Promise<ToolResult>;
  tools: ToolExports;
  /** Script runs so far (CONTRACT §5), kept with the library. */
  usage(): Promise<Usage>;
  /** This instance's tool call records (CONTRACT §5). */
  records(): Promise<SkillToolCallRecord[]>;
  outputFiles(): Promise<OutputFileStats>;
  clearOutputFiles(): Promise<void>;
  /** An output file's bytes, by the URL a run returned; undefined once evicted. */
  readOutputFile(url: string): Promise<Uint8Array | undefined>;
  /**
   * The deployment's Python package set and, for a skill, the packages it declares
   * (requirements.txt, PEP 723 blocks) with whether the set has each.
   */
  pythonPackages(skillName?: string, version?: number): Promise<PythonPackagesReport>;
  status(): Promise<SandboxStatus>;
  /**
   * Each runtime's way to running scripts: waiting for its first run, downloading (bytes so far
   * and of how many), ready, or unavailable and why. Answers while the sandbox is still starting.
   */
  runtimeStates(): Promise<Partial<Record<ScriptLanguage, RuntimeLoadState>>>;
  chat: ChatApi;
  /**
   * Models that run in this tab (`protocol: "local"`): stored in the origin's private file system,
   * loaded into llama.cpp compiled to WebAssembly in its own worker.
   */
  localModels: LocalModelsApi;
  /** Calls `listener` after every change to the library or the profile; returns unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Ends every run and worker, removes the sandbox frame; later calls fail. */
  dispose(): void;
}

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
      const store = await chatStore();
      const session = await store.loadSession();
      const current = await endpoint();
      session.transcript.push({ role: "user", text });
      turn?.abort();
      turn = new AbortController();
      const outcome = await runTurn({
        provider:
          current.protocol === "anthropic"
            ? new AnthropicProvider(current)
            : current.protocol === "local"
              ? localModels.provider(current.model)
              : new ChatCompletionsProvider(current),
        toolbox: await toolboxFor({}),
        transcript: session.transcript,
        signal: turn.signal,
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
      ) =>
        (await opened).registry.install(await bundleFromSource(source, onProgress, installOptions)),
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
