/**
 * The public API's types: what `createSkillbox` returns and `connectSkillbox` returns too, so the
 * library on the page and a deployment used from another origin cannot differ.
 */
import type { TurnOutcome } from "../agent/agentLoop";
import type { EndpointCheck } from "../agent/endpointCheck";
import type { AnthropicTool, ChatCompletionsTool, ResponsesTool } from "../agent/formats";
import type { LocalModelsApi } from "../agent/local/localModels";
import type { EndpointSettings } from "../agent/providers/provider";
import type { TranscriptItem } from "../agent/transcript";
import type { ModelContext } from "../agent/webMcp";
import type { OutputFileStats } from "../files/outputFileStore";
import type { ImportProgress, ImportSource } from "../library/fileImport";
import type { SkillSetting } from "../library/settingsStore";
import type { DeclaredPackage } from "../python/packagePlan";
import type { BrowserFeatures } from "../sandbox/features";
import type { FrameStatus } from "../sandbox/frame/frameApi";
import type { RuntimeLoadState } from "../sandbox/host/runtimeLoads";
import type { OutputListener, ScriptLanguage } from "../sandbox/runtime";
import type { InstalledSkill, SkillSummary, SkillVersion } from "../skills/registry";
import type { ToolDefinition } from "../tools/definitions";
import type { SkillToolCallRecord, Usage } from "../tools/records";
import type { ToolResult } from "../tools/skillTools";
import type { InstallSource } from "./options";

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
