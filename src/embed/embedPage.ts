/**
 * The embed page (`embed.html` in the runtime folder): a deployment's Skillbox for a page on
 * another origin that frames it. It answers only the origins the deployment lists in
 * `skillbox.config.json` (`embed.allowedOrigins`), and only with the methods of EMBED_METHODS.
 */
import { expose, proxy } from "comlink";
import type { ModelProgress } from "../agent/local/modelStore";
import { createSkillbox, type Skillbox } from "../api/createSkillbox";
import {
  type DeploymentConfig,
  loadDeploymentConfig,
  pythonPackagesOf,
} from "../app/deploymentConfig";
import type { OutputListener } from "../sandbox/runtime";
import {
  EMBED_HELLO,
  EMBED_READY,
  type EmbedMethod,
  embedRequestSchema,
  guardedWindowEndpoint,
} from "./protocol";

/** The storage of every embed of this deployment, apart from the deployment's own app. */
const EMBED_STORAGE_NAME = "skillbox-embed";

type EmbedApi = Record<EmbedMethod, (...args: never[]) => unknown>;

function embedApi(skillbox: Skillbox): EmbedApi {
  /** Runs a page may stop, by the token it chose for the call. */
  const stoppable = new Map<string, AbortController>();
  return {
    ready: () => skillbox.ready,
    installSkill: skillbox.installSkill,
    importSkill: skillbox.importSkill,
    // Options cross as data; the output listener, when the page passes one, as a comlink proxy.
    callTool: async (
      name: string,
      args: unknown,
      options: { skills?: string[]; timeLimitMs?: number; stopToken?: string } | undefined,
      onOutput: OutputListener | undefined,
    ) => {
      const token = typeof options?.stopToken === "string" ? options.stopToken : undefined;
      const controller = new AbortController();
      if (token) stoppable.set(token, controller);
      try {
        return await skillbox.callTool(name, args, {
          ...(Array.isArray(options?.skills) ? { skills: options.skills } : {}),
          ...(typeof options?.timeLimitMs === "number" ? { timeLimitMs: options.timeLimitMs } : {}),
          ...(typeof onOutput === "function" ? { onOutput } : {}),
          signal: controller.signal,
        });
      } finally {
        if (token) stoppable.delete(token);
      }
    },
    stopCall: (token: string) => stoppable.get(token)?.abort(),
    listSkills: skillbox.listSkills,
    getSkill: skillbox.getSkill,
    setDefaultVersion: skillbox.setDefaultVersion,
    deleteVersion: skillbox.deleteVersion,
    deleteSkill: skillbox.deleteSkill,
    exportSkill: skillbox.exportSkill,
    profile: skillbox.profile,
    updateProfile: skillbox.updateProfile,
    agentContext: skillbox.agentContext,
    callAgentTool: skillbox.callAgentTool,
    usage: skillbox.usage,
    records: skillbox.records,
    outputFiles: skillbox.outputFiles,
    clearOutputFiles: skillbox.clearOutputFiles,
    readOutputFile: skillbox.readOutputFile,
    pythonPackages: skillbox.pythonPackages,
    status: skillbox.status,
    runtimeStates: skillbox.runtimeStates,
    subscribe: (listener: () => void) => proxy(skillbox.subscribe(listener)),
    toolDefinitions: skillbox.tools.definitions,
    toolInstructionLines: skillbox.tools.instructionLines,
    toolCall: skillbox.tools.call,
    chatEndpoint: skillbox.chat.endpoint,
    chatEndpointChosen: skillbox.chat.endpointChosen,
    chatSetEndpoint: skillbox.chat.setEndpoint,
    chatCheckEndpoint: skillbox.chat.checkEndpoint,
    chatTranscript: skillbox.chat.transcript,
    chatSend: skillbox.chat.send,
    chatCancel: skillbox.chat.cancel,
    chatClear: skillbox.chat.clear,
    localModelsUnsupported: () => skillbox.localModels.unsupported(),
    localModelsList: () => skillbox.localModels.list(),
    localModelsAdd: (file: File, onProgress?: ModelProgress) =>
      skillbox.localModels.add(file, onProgress),
    localModelsDownload: (url: string, onProgress?: ModelProgress) =>
      skillbox.localModels.download(url, onProgress),
    localModelsRemove: (id: string) => skillbox.localModels.remove(id),
    localModelsLoad: (id: string) => skillbox.localModels.load(id),
  };
}

function refuse(origin: string): void {
  console.error(
    `Skillbox embed: ${origin} may not use this deployment; it is not in embed.allowedOrigins of its skillbox.config.json.`,
  );
}

async function start(): Promise<void> {
  if (window.parent === window) {
    document.body.textContent =
      "This is Skillbox's embed page: a page on an allowed origin frames it and talks to it through skillbox/client.";
    return;
  }
  const config: DeploymentConfig = await loadDeploymentConfig();
  const allowed = new Set(config.embed?.allowedOrigins ?? []);
  let skillbox: Skillbox | undefined;
  let hostOrigin: string | undefined;
  const refused = new Set<string>();
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== window.parent || (event.data as { type?: unknown })?.type !== EMBED_HELLO)
      return;
    if (!allowed.has(event.origin) && !allowed.has("*")) {
      if (!refused.has(event.origin)) refuse(event.origin);
      refused.add(event.origin);
      return;
    }
    if (hostOrigin === undefined) {
      hostOrigin = event.origin;
      skillbox = createSkillbox({
        assetsUrl: new URL("./", location.href).href,
        storageName: EMBED_STORAGE_NAME,
        limits: config.limits ?? {},
        python: pythonPackagesOf(config),
        ...(config.shell ? { shell: config.shell } : {}),
      });
      expose(
        embedApi(skillbox),
        guardedWindowEndpoint(
          window.parent,
          hostOrigin,
          (data) => embedRequestSchema.safeParse(data).success,
        ),
      );
    }
    // The answer goes to the origin that was checked, and only to it.
    if (event.origin === hostOrigin) window.parent.postMessage({ type: EMBED_READY }, hostOrigin);
  });
}

start().catch((error: unknown) => {
  console.error(`Skillbox embed: ${error instanceof Error ? error.message : String(error)}`);
});
