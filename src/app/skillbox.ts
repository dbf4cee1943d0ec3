import { runTurn, type TurnOutcome } from "../agent/agentLoop";
import { AnthropicProvider } from "../agent/providers/anthropic";
import { ChatCompletionsProvider } from "../agent/providers/chatCompletions";
import type { EndpointSettings } from "../agent/providers/provider";
import { type ChatStore, MemoryChatStore, openIdbChatStore } from "../agent/sessionStore";
import { agentToolbox } from "../agent/toolbox";
import type { TranscriptItem } from "../agent/transcript";
import { findModelContext, type ModelContext, registerWebMcpTools } from "../agent/webMcp";
import { encodeBase64 } from "../encoding/base64";
import { IdbOutputFileStore, type OutputFileStats } from "../files/outputFileStore";
import { AgentProfile } from "../library/agentProfile";
import { exportSkillZip } from "../library/exportZip";
import { bundleFromSource, type ImportProgress, type ImportSource } from "../library/fileImport";
import {
  MemorySettingsStore,
  openIdbSettingsStore,
  type SettingsStore,
  type SkillSetting,
} from "../library/settingsStore";
import type { FrameStatus } from "../sandbox/frame/frameApi";
import { runtimeAssetSources } from "../sandbox/host/runtimeAssets";
import { SandboxHost } from "../sandbox/host/sandboxHost";
import { openIdbSnapshotStore } from "../sandbox/host/snapshotStore";
import { IdbSkillStorage } from "../skills/idbStorage";
import { DEFAULT_BUNDLE_LIMITS } from "../skills/limits";
import {
  type InstalledSkill,
  type SkillCatalog,
  SkillRegistry,
  type SkillSummary,
  type SkillVersion,
} from "../skills/registry";
import { bundleFromBase64Zip, bundleFromEntries, bundleFromMap } from "../skills/sources";
import { MemorySkillStorage, type SkillStorage } from "../skills/storage";
import { type AgentBinding, bindAll } from "../tools/binding";
import type { ToolDefinition } from "../tools/definitions";
import type { SkillToolCallRecord, Usage } from "../tools/records";
import { SkillTools, type ToolResult } from "../tools/skillTools";
import { loadDemoSkills } from "./demoSkills";
import {
  admissionOf,
  type DeploymentConfig,
  loadDeploymentConfig,
  toolLimitsOf,
} from "./deploymentConfig";

/** What `installSkill` accepts: a map of `FOLDER/path` → contents, or a base64 zip. */
export type InstallSource = { files: Record<string, string | Uint8Array> } | { zipBase64: string };

export interface InstallOptions {
  /** The publish check for skill authors: every warning refuses the install too. */
  strict?: boolean;
}

export interface CallToolOptions {
  /** Skills bound and Active for this call; default: every installed skill. */
  skills?: string[];
  /** Time limit of this call's run, in milliseconds (default 30 s). */
  timeLimitMs?: number;
}

/** What the app's agent is offered under its profile (CONTRACT §2). */
export interface AgentContext {
  instructionLines: string[];
  tools: ToolDefinition[];
}

/** The app's chat: an agent loop over a model endpoint, with the profile's skills. */
export interface ChatApi {
  endpoint(): Promise<EndpointSettings>;
  setEndpoint(settings: EndpointSettings): Promise<void>;
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

/** A local OpenAI-compatible server until the user picks another endpoint. */
export const DEFAULT_ENDPOINT: EndpointSettings = {
  protocol: "openai",
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.2",
  apiKey: "",
  stream: true,
};

/** The automation hook of CONTRACT §6 (`window.skillbox`), and the library the app manages. */
export interface SkillboxApi {
  /** Resolves once the library is open and the sandbox attached. */
  ready: Promise<void>;
  /**
   * Validates and installs a skill; rejects with a BundleValidationError listing every problem
   * when an error refuses it. Warnings come back with the result and stay with the version.
   */
  installSkill(source: InstallSource, options?: InstallOptions): Promise<InstalledSkill>;
  /** Imports from the app's surfaces (folder, drop, zip upload), reporting zip progress. */
  importSkill(
    source: ImportSource,
    onProgress?: ImportProgress,
    options?: InstallOptions,
  ): Promise<InstalledSkill>;
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
  agentContext(): Promise<AgentContext>;
  /** A tool call as the app's agent makes it: reachability per the profile. */
  callAgentTool(toolName: string, args: unknown): Promise<ToolResult>;
  usage(): Usage;
  records(): SkillToolCallRecord[];
  outputFiles(): Promise<OutputFileStats>;
  clearOutputFiles(): Promise<void>;
  status(): Promise<SandboxStatus>;
  chat: ChatApi;
  /** Registers the skill tools with the page's WebMCP model context, if any; returns dispose. */
  registerWebMcp(context?: ModelContext): Promise<() => void>;
}

/** What the sandbox runs on, for the status line and automation. */
export interface SandboxStatus extends FrameStatus {
  /** Whether Python's first worker booted from a memory snapshot kept from an earlier visit. */
  pythonSnapshotFromStorage: boolean;
}

/** IndexedDB when the browser offers it (a reload keeps everything), memory otherwise. */
async function openStores(): Promise<{ skills: SkillStorage; settings: SettingsStore }> {
  try {
    return { skills: await IdbSkillStorage.open(), settings: await openIdbSettingsStore() };
  } catch {
    return { skills: new MemorySkillStorage(), settings: new MemorySettingsStore() };
  }
}

/** Wires the library, the agent profile, the sandbox and the tools into the app's Skillbox. */
export function createSkillbox(): SkillboxApi {
  const records: SkillToolCallRecord[] = [];
  const config = loadDeploymentConfig();
  let outputFiles = new IdbOutputFileStore();
  let host: SandboxHost | undefined;

  // The demo skills are what an empty library starts with.
  const opened = (async () => {
    const limits = (await config.catch(() => ({}) as DeploymentConfig)).limits ?? {};
    if (limits.outputStoreBytes)
      outputFiles = new IdbOutputFileStore(location.origin, limits.outputStoreBytes);
    const stores = await openStores();
    const registry = new SkillRegistry(stores.skills);
    if ((await registry.listSkills()).length === 0) {
      for (const entries of await loadDemoSkills())
        await registry.install(bundleFromEntries(entries));
    }
    const tools = new SkillTools({
      catalog: registry,
      runtime: {
        run: async (request, signal) => {
          await sandbox;
          return host!.run(request, signal);
        },
      },
      files: outputFiles,
      limits: toolLimitsOf(limits),
      usage: await stores.settings.loadUsage(),
      onCall: (record) => {
        records.push(record);
        void stores.settings.saveUsage(tools.usage);
      },
    });
    return { registry, tools, profile: new AgentProfile(stores.settings, registry) };
  })();
  const sandbox = Promise.all([config, openIdbSnapshotStore().catch(() => undefined)])
    .then(([settings, snapshotStore]) =>
      SandboxHost.open({
        runtimes: runtimeAssetSources(settings),
        admission: admissionOf(settings.limits ?? {}),
        ...(settings.sandbox ? { frameUrl: settings.sandbox.frameUrl } : {}),
        ...(snapshotStore ? { snapshotStore } : {}),
      }),
    )
    .then((h) => {
      host = h;
    });
  const ready = Promise.all([opened, sandbox]).then(() => undefined);
  let usageNow: Usage = { skill_execution: 0 };
  void opened.then(({ tools }) => {
    usageNow = tools.usage;
  });

  const chatStore: Promise<ChatStore> = openIdbChatStore().catch(() => new MemoryChatStore());
  let turn: AbortController | undefined;
  const endpoint = async () => (await (await chatStore).loadEndpoint()) ?? DEFAULT_ENDPOINT;
  const chat: ChatApi = {
    endpoint,
    setEndpoint: async (settings) => (await chatStore).saveEndpoint(settings),
    transcript: async () => (await (await chatStore).loadSession()).transcript,
    async send(text, onUpdate) {
      const store = await chatStore;
      const session = await store.loadSession();
      const settings = await endpoint();
      const { tools, profile } = await opened;
      session.transcript.push({ role: "user", text });
      turn?.abort();
      turn = new AbortController();
      const outcome = await runTurn({
        provider:
          settings.protocol === "anthropic"
            ? new AnthropicProvider(settings)
            : new ChatCompletionsProvider(settings),
        toolbox: agentToolbox(tools, () => profile.binding()),
        transcript: session.transcript,
        signal: turn.signal,
        ...(onUpdate ? { onUpdate } : {}),
      });
      await store.saveSession(session);
      return outcome;
    },
    cancel: () => turn?.abort(),
    clear: async () => (await chatStore).saveSession({ id: crypto.randomUUID(), transcript: [] }),
  };

  const catalog: SkillCatalog = {
    getSkill: async (name, version) => (await opened).registry.getSkill(name, version),
    listSkills: async () => (await opened).registry.listSkills(),
  };
  const call = async (
    toolName: string,
    args: unknown,
    binding: AgentBinding,
    timeLimitMs?: number,
  ) =>
    (await opened).tools.call(toolName, args, {
      binding,
      ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    });

  return {
    ready,
    async installSkill(source, options = {}) {
      const bundle =
        "files" in source
          ? bundleFromMap(source.files, DEFAULT_BUNDLE_LIMITS, options)
          : bundleFromBase64Zip(source.zipBase64, DEFAULT_BUNDLE_LIMITS, options);
      return (await opened).registry.install(bundle);
    },
    async importSkill(source, onProgress = () => {}, options = {}) {
      const bundle = await bundleFromSource(source, onProgress, options);
      return (await opened).registry.install(bundle);
    },
    async callTool(toolName, args, options = {}) {
      const names = options.skills ?? (await catalog.listSkills()).map((s) => s.name);
      return call(toolName, args, bindAll(names), options.timeLimitMs);
    },
    listSkills: () => catalog.listSkills(),
    getSkill: (name, version) => catalog.getSkill(name, version),
    setDefaultVersion: async (name, version) =>
      (await opened).registry.setDefaultVersion(name, version),
    deleteVersion: async (name, version) => (await opened).registry.deleteVersion(name, version),
    deleteSkill: async (name) => (await opened).registry.deleteSkill(name),
    async exportSkill(name, version) {
      const skill = await catalog.getSkill(name, version);
      if (!skill)
        throw new Error(`Skill "${name}"${version ? ` version ${version}` : ""} is not installed`);
      return encodeBase64(exportSkillZip(skill));
    },
    profile: async () => (await opened).profile.skills(),
    updateProfile: async (name, change) => (await opened).profile.update(name, change),
    async agentContext() {
      const { profile, tools } = await opened;
      const binding = await profile.binding();
      return {
        instructionLines: await tools.instructionLines(binding),
        tools: await tools.definitions(binding),
      };
    },
    async callAgentTool(toolName, args) {
      return call(toolName, args, await (await opened).profile.binding());
    },
    usage: () => ({ ...usageNow }),
    records: () => [...records],
    outputFiles: () => outputFiles.stats(),
    clearOutputFiles: () => outputFiles.clear(),
    async status() {
      await sandbox;
      return { ...(await host!.status()), pythonSnapshotFromStorage: host!.snapshotFromStorage };
    },
    chat,
    async registerWebMcp(context = findModelContext()) {
      const { tools, profile } = await opened;
      return registerWebMcpTools(
        agentToolbox(tools, () => profile.binding()),
        context,
      );
    },
  };
}
