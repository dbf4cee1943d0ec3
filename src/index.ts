/**
 * `skillbox`: the library. {@link createSkillbox} makes a Skillbox on the page — a skill library,
 * the sandbox that runs skill scripts, the two tools in every model API's format, and a chat.
 */

export type { TurnOutcome } from "./agent/agentLoop";
export { describeBytes, type EndpointCheck } from "./agent/endpointCheck";
export type {
  AnthropicTool,
  ChatCompletionsTool,
  ResponsesTool,
} from "./agent/formats";
export type { LocalModelsApi } from "./agent/local/localModels";
export type { ModelFileInfo } from "./agent/local/modelFile";
export type { ModelProgress, StoredModel } from "./agent/local/modelStore";
export type { EndpointSettings } from "./agent/providers/provider";
export type { ModelToolCall, TranscriptItem } from "./agent/transcript";
export type { ModelContext, WebMcpTool } from "./agent/webMcp";
export { createSkillbox, DEFAULT_ENDPOINT } from "./api/createSkillbox";
export {
  type InstallSource,
  type SkillboxOptions,
  SkillboxOptionsError,
} from "./api/options";
export type {
  AgentContext,
  AiSdkJsonSchema,
  AiSdkTool,
  BindingOptions,
  CallToolOptions,
  ChatApi,
  InstallOptions,
  PythonPackagesReport,
  SandboxStatus,
  Skillbox,
  ToolExports,
} from "./api/skillbox";
export {
  type DeploymentConfig,
  type DeploymentLimits,
  loadDeploymentConfig,
  pythonPackagesOf,
} from "./deployment/deploymentConfig";
export type { OutputFileStats } from "./files/outputFileStore";
export {
  type DirectoryHandle,
  directoryHandleSource,
  dropSource,
  folderSource,
  type ImportProgress,
  type ImportSource,
  zipSource,
} from "./library/fileImport";
export {
  type ForgeEndpoints,
  RepositoryImportError,
  repositoryFolderCommit,
  repositoryFolderSource,
} from "./library/repositoryImport";
export type { SkillSetting } from "./library/settingsStore";
export type { OfflineStatus } from "./offline/buildManifest";
export {
  type OfflineEvents,
  type OfflineSupport,
  startOfflineSupport,
} from "./offline/serviceWorkerClient";
export type { PythonPackagesConfig } from "./python/packageConfig";
export type { DeclaredPackage } from "./python/packagePlan";
export { type BrowserFeatures, hasServiceWorkers, type SandboxFeatures } from "./sandbox/features";
export type { FrameStatus, PoolState } from "./sandbox/frame/frameApi";
export type { RuntimeLoadState } from "./sandbox/host/runtimeLoads";
export type { OutputChunk, OutputListener, ScriptLanguage } from "./sandbox/runtime";
export type { ShellEngineConfig } from "./sandbox/shellEngine";
export { type EmbeddingWay, hostPageDirectives } from "./server/securityHeaders";
export { type BundleProblem, BundleValidationError, formatProblem } from "./skills/problems";
export type { InstalledSkill, SkillOrigin, SkillSummary, SkillVersion } from "./skills/registry";
export type { McpOrigin, McpSkillFile, RepositoryOrigin } from "./skills/storage";
export type { ToolDefinition } from "./tools/definitions";
export { outputFilePathOf } from "./tools/outputFiles";
export type { SkillToolCallRecord, Usage } from "./tools/records";
export type { RunScriptResult } from "./tools/resultShaping";
export type { ApproveScriptRun, ScriptPolicy, ScriptRunRequest } from "./tools/scriptPolicy";
export type { SkillInstructions, ToolError, ToolResult } from "./tools/skillTools";
// The panels the web components are made of, for a page that lays them out itself (the demo app).
export { type ChatPanelOptions, chatPanel } from "./ui/chatPanel";
export { h } from "./ui/dom";
export { codeView } from "./ui/previews/codeView";
export { filePreview } from "./ui/previews/filePreview";
export { markdownView } from "./ui/previews/markdownView";
export { type RunConsole, type RunConsoleOptions, runConsole } from "./ui/runConsole";
export { skillboxStyleSheet, styleSheetOf } from "./ui/styles/pageStyles";
