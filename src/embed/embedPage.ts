/**
 * The embed page (`embed.html` in the runtime folder): a deployment's Skillbox for a page on
 * another origin that frames it. It answers only the origins the deployment lists in
 * `skillbox.config.json` (`embed.allowedOrigins`), and only calls of the protocol's methods with
 * arguments of their shape (see ./protocol.ts).
 */
import { createSkillbox } from "../api/createSkillbox";
import type { Skillbox } from "../api/skillbox";
import {
  type DeploymentConfig,
  loadDeploymentConfig,
  pythonPackagesOf,
} from "../deployment/deploymentConfig";
import type { ApproveScriptRun } from "../tools/scriptPolicy";
import {
  EMBED_CHANNEL,
  EMBED_HELLO,
  EMBED_READY,
  type EmbedError,
  type EmbedMethod,
  type EmbedReply,
  type EmbedResults,
  embedRequestSchema,
  type ParsedEmbedArguments,
  parseEmbedArguments,
} from "./protocol";

/** The storage of every embed of this deployment, apart from the deployment's own app. */
const EMBED_STORAGE_NAME = "skillbox-embed";

/** Sends one event of the call (the arguments the listener would have been called with). */
type Emit = (...values: unknown[]) => void;

/** One method's answer to its parsed arguments; `emit` is there when the host asked for events. */
type Handler<M extends EmbedMethod> = (
  args: ParsedEmbedArguments<M>,
  emit: Emit | undefined,
  signal: AbortSignal,
) => Promise<EmbedResults[M]> | EmbedResults[M];

type Handlers = { [M in EmbedMethod]: Handler<M> };

/** Resolves when `signal` aborts: how a subscription lasts until the host stops it. */
const untilStopped = (signal: AbortSignal) =>
  new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));

/**
 * The approver of a deployment whose script policy is `ask`: the hidden embed page has no one to
 * ask, so it asks the host page, when the host listens (`connectSkillbox`'s `approveScriptRun`).
 */
class HostApprover {
  private listener: Emit | undefined;
  private nextId = 0;
  private readonly waiting = new Map<number, (yes: boolean) => void>();

  readonly approve: ApproveScriptRun = (request) => {
    const emit = this.listener;
    if (!emit) return undefined;
    const id = this.nextId++;
    return new Promise<boolean>((resolve) => {
      this.waiting.set(id, resolve);
      emit(id, request);
    });
  };

  /** The host's approvals call: it is the approver until it stops; runs it left unanswered are refused. */
  async listen(emit: Emit | undefined, signal: AbortSignal): Promise<undefined> {
    if (!emit) return undefined;
    this.listener = emit;
    await untilStopped(signal);
    if (this.listener !== emit) return undefined;
    this.listener = undefined;
    for (const resolve of this.waiting.values()) resolve(false);
    this.waiting.clear();
    return undefined;
  }

  answer(id: number, yes: boolean): undefined {
    this.waiting.get(id)?.(yes);
    this.waiting.delete(id);
    return undefined;
  }
}

function handlers(skillbox: Skillbox, approver: HostApprover): Handlers {
  return {
    ready: () => skillbox.ready.then(() => undefined),
    installSkill: ([source, options]) => skillbox.installSkill(source, options),
    importSkill: ([source, options], emit) => skillbox.importSkill(source, emit, options),
    callTool: ([name, args, options], emit, signal) =>
      skillbox.callTool(name, args, { ...options, signal, ...(emit ? { onOutput: emit } : {}) }),
    listSkills: () => skillbox.listSkills(),
    getSkill: ([name, version]) => skillbox.getSkill(name, version),
    setDefaultVersion: ([name, version]) => skillbox.setDefaultVersion(name, version),
    deleteVersion: ([name, version]) => skillbox.deleteVersion(name, version),
    deleteSkill: ([name]) => skillbox.deleteSkill(name),
    exportSkill: ([name, version]) => skillbox.exportSkill(name, version),
    profile: () => skillbox.profile(),
    updateProfile: ([name, change]) => skillbox.updateProfile(name, change),
    agentContext: () => skillbox.agentContext(),
    callAgentTool: ([name, args]) => skillbox.callAgentTool(name, args),
    usage: () => skillbox.usage(),
    records: () => skillbox.records(),
    outputFiles: () => skillbox.outputFiles(),
    clearOutputFiles: () => skillbox.clearOutputFiles(),
    readOutputFile: ([url]) => skillbox.readOutputFile(url),
    pythonPackages: ([name, version]) => skillbox.pythonPackages(name, version),
    status: () => skillbox.status(),
    runtimeStates: () => skillbox.runtimeStates(),
    subscribe: async (_, emit, signal) => {
      const unsubscribe = skillbox.subscribe(() => emit?.());
      await untilStopped(signal);
      unsubscribe();
    },
    approvals: (_, emit, signal) => approver.listen(emit, signal),
    approve: ([id, yes]) => approver.answer(id, yes),
    toolDefinitions: ([options]) => skillbox.tools.definitions(options),
    toolInstructionLines: ([options]) => skillbox.tools.instructionLines(options),
    toolCall: ([name, args, options]) => skillbox.tools.call(name, args, options),
    chatEndpoint: () => skillbox.chat.endpoint(),
    chatEndpointChosen: () => skillbox.chat.endpointChosen(),
    chatSetEndpoint: ([settings]) => skillbox.chat.setEndpoint(settings),
    chatCheckEndpoint: ([settings]) => skillbox.chat.checkEndpoint(settings),
    chatTranscript: () => skillbox.chat.transcript(),
    chatSend: ([text], emit) => skillbox.chat.send(text, emit),
    chatCancel: () => {
      skillbox.chat.cancel();
      return undefined;
    },
    chatClear: () => skillbox.chat.clear(),
    localModelsUnsupported: () => skillbox.localModels.unsupported(),
    localModelsList: () => skillbox.localModels.list(),
    localModelsAdd: ([file], emit) => skillbox.localModels.add(file, emit),
    localModelsDownload: ([url], emit, signal) => skillbox.localModels.download(url, emit, signal),
    localModelsRemove: ([id]) => skillbox.localModels.remove(id),
    localModelsLoad: ([id]) => skillbox.localModels.load(id),
  };
}

/** An error as data: what crosses to the host is its name, message and problems, nothing else. */
function errorData(error: unknown): EmbedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const problems = (error as { problems?: unknown }).problems;
  return {
    name: error.name,
    message: error.message,
    ...(Array.isArray(problems) ? { problems: structuredClone(problems) } : {}),
  };
}

/**
 * Answers one host's calls. Each call has its own AbortController, so a stop from the host ends
 * that run, download or subscription and nothing else.
 */
function answerCalls(
  skillbox: Skillbox,
  approver: HostApprover,
  host: Window,
  hostOrigin: string,
): void {
  const methods = handlers(skillbox, approver);
  const underWay = new Map<number, AbortController>();
  const send = (reply: EmbedReply) => {
    try {
      host.postMessage(reply, hostOrigin);
    } catch (error) {
      // A value the browser cannot clone still gets its call an answer.
      if (reply.kind === "result") send({ ...reply, kind: "error", error: errorData(error) });
    }
  };
  window.addEventListener("message", (event: MessageEvent) => {
    if (event.source !== host || event.origin !== hostOrigin) return;
    const request = embedRequestSchema.safeParse(event.data);
    if (!request.success) return;
    const { id } = request.data;
    if (request.data.kind === "stop") {
      underWay.get(id)?.abort();
      return;
    }
    if (underWay.has(id)) return;
    const { method, args, events } = request.data;
    const parsed = parseEmbedArguments(method, args);
    if (!parsed.ok) {
      send({ channel: EMBED_CHANNEL, kind: "error", id, error: parsed.error });
      return;
    }
    const controller = new AbortController();
    underWay.set(id, controller);
    const emit: Emit | undefined = events
      ? (...values) => send({ channel: EMBED_CHANNEL, kind: "event", id, values })
      : undefined;
    const handler = methods[method] as Handler<EmbedMethod>;
    Promise.resolve()
      .then(() => handler(parsed.args, emit, controller.signal))
      .then(
        (value) => send({ channel: EMBED_CHANNEL, kind: "result", id, value }),
        (error: unknown) =>
          send({ channel: EMBED_CHANNEL, kind: "error", id, error: errorData(error) }),
      )
      .finally(() => underWay.delete(id));
  });
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
      const approver = new HostApprover();
      const skillbox = createSkillbox({
        assetsUrl: new URL("./", location.href).href,
        storageName: EMBED_STORAGE_NAME,
        limits: config.limits ?? {},
        ...(config.scripts ? { scripts: config.scripts } : {}),
        approveScriptRun: approver.approve,
        python: pythonPackagesOf(config),
        ...(config.shell ? { shell: config.shell } : {}),
      });
      answerCalls(skillbox, approver, window.parent, hostOrigin);
    }
    // The answer goes to the origin that was checked, and only to it.
    if (event.origin === hostOrigin) window.parent.postMessage({ type: EMBED_READY }, hostOrigin);
  });
}

start().catch((error: unknown) => {
  console.error(`Skillbox embed: ${error instanceof Error ? error.message : String(error)}`);
});
