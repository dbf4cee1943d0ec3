/**
 * `skillbox/client`: a Skillbox deployment on another origin, used from this page. It frames the
 * deployment's `embed.html` (hidden) and talks to it in the embed protocol's plain messages
 * (./protocol.ts); the object it returns has the same API as `createSkillbox`.
 */
import type { Skillbox } from "../api/skillbox";
import { toolExports } from "../api/toolExports";
import type { ApproveScriptRun, ScriptRunRequest } from "../tools/scriptPolicy";
import type { ToolResult } from "../tools/skillTools";
import {
  EMBED_CHANNEL,
  EMBED_HELLO,
  EMBED_READY,
  type EmbedArguments,
  type EmbedError,
  type EmbedMethod,
  type EmbedRequest,
  type EmbedResults,
  embedReplySchema,
} from "./protocol";

export interface ConnectOptions {
  /** The deployment's `embed.html`, e.g. `https://skills.example.com/skillbox/embed.html`. */
  url: string;
  /** Where the hidden frame is attached; `document.body` by default. */
  container?: HTMLElement;
  /** How long the deployment may take to answer; default 30 s. */
  timeoutMs?: number;
  /**
   * Asked before each run when the deployment's script policy is `ask` (its skillbox.config.json
   * says `"scripts": "ask"`); without it such runs are refused, as no one can be asked.
   */
  approveScriptRun?: ApproveScriptRun;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const HELLO_INTERVAL_MS = 100;

function checkOptions(options: ConnectOptions): URL {
  if (!options || typeof options.url !== "string") {
    throw new TypeError('connectSkillbox: option "url" (the deployment\'s embed.html) is required');
  }
  let url: URL;
  try {
    url = new URL(options.url, location.href);
  } catch {
    throw new TypeError(
      `connectSkillbox: option "url" is not a URL: ${JSON.stringify(options.url)}`,
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`connectSkillbox: option "url" must be http(s), got ${url.protocol}`);
  }
  if (options.timeoutMs !== undefined && !(options.timeoutMs > 0)) {
    throw new TypeError('connectSkillbox: option "timeoutMs" must be a positive number');
  }
  if (options.approveScriptRun !== undefined && typeof options.approveScriptRun !== "function") {
    throw new TypeError('connectSkillbox: option "approveScriptRun" must be a function');
  }
  return url;
}

/** Frames the deployment and greets it until it answers, or fails with the likely reason. */
async function handshake(frame: HTMLIFrameElement, origin: string, timeoutMs: number) {
  await new Promise<void>((resolve) =>
    frame.addEventListener("load", () => resolve(), { once: true }),
  );
  const target = frame.contentWindow!;
  let greeter: ReturnType<typeof setInterval> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onMessage: ((event: MessageEvent) => void) | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onMessage = (event) => {
        if (event.source !== target || event.origin !== origin) return;
        if ((event.data as { type?: unknown })?.type === EMBED_READY) resolve();
      };
      window.addEventListener("message", onMessage);
      const greet = () => target.postMessage({ type: EMBED_HELLO }, origin);
      greet();
      greeter = setInterval(greet, HELLO_INTERVAL_MS);
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `the Skillbox deployment at ${frame.src} did not answer within ${timeoutMs} ms; is ${location.origin} in its embed.allowedOrigins?`,
            ),
          ),
        timeoutMs,
      );
    });
  } finally {
    clearInterval(greeter);
    clearTimeout(timer);
    if (onMessage) window.removeEventListener("message", onMessage);
  }
  return target;
}

/** The error a call failed with in the deployment, rebuilt here with its name and problems. */
function errorFrom(data: EmbedError): Error {
  const error = new Error(data.message);
  error.name = data.name;
  if (data.problems) Object.assign(error, { problems: data.problems });
  return error;
}

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
  listener: ((...values: unknown[]) => void) | undefined;
}

/** The host's side of the protocol over one framed deployment: numbered calls and their answers. */
class EmbedConnection {
  private nextId = 0;
  private readonly pending = new Map<number, PendingCall>();
  private closedWith: Error | undefined;

  constructor(
    private readonly target: Window,
    private readonly origin: string,
  ) {
    window.addEventListener("message", this.onMessage);
  }

  /** Calls `method`; `listener` hears its events; `signal` stops it in the deployment. */
  call<M extends EmbedMethod>(
    method: M,
    args: EmbedArguments<M>,
    listener?: (...values: never[]) => void,
    signal?: AbortSignal,
  ): Promise<EmbedResults[M]> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    const answered = new Promise<EmbedResults[M]>((resolve, reject) => {
      this.pending.set(id, {
        resolve: resolve as (value: unknown) => void,
        reject,
        listener: listener as ((...values: unknown[]) => void) | undefined,
      });
    });
    this.post({
      channel: EMBED_CHANNEL,
      kind: "call",
      id,
      method,
      args: [...args],
      events: listener !== undefined,
    });
    if (signal) {
      // Sent after the call, so the deployment knows the call when the stop arrives.
      const stop = () => this.post({ channel: EMBED_CHANNEL, kind: "stop", id });
      if (signal.aborted) stop();
      else signal.addEventListener("abort", stop, { once: true });
      void answered.then(
        () => signal.removeEventListener("abort", stop),
        () => signal.removeEventListener("abort", stop),
      );
    }
    return answered;
  }

  /** Fails every call under way and every later one with `error`. */
  close(error: Error): void {
    this.closedWith = error;
    window.removeEventListener("message", this.onMessage);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  private post(request: EmbedRequest): void {
    this.target.postMessage(request, this.origin);
  }

  private readonly onMessage = (event: MessageEvent) => {
    if (event.source !== this.target || event.origin !== this.origin) return;
    const reply = embedReplySchema.safeParse(event.data);
    if (!reply.success) return;
    const call = this.pending.get(reply.data.id);
    if (!call) return;
    if (reply.data.kind === "event") {
      call.listener?.(...reply.data.values);
      return;
    }
    this.pending.delete(reply.data.id);
    if (reply.data.kind === "result") call.resolve(reply.data.value);
    else call.reject(errorFrom(reply.data.error));
  };
}

/** A Skillbox that lives in a deployment on another origin; see {@link ConnectOptions}. */
export function connectSkillbox(options: ConnectOptions): Skillbox {
  const url = checkOptions(options);
  const frame = document.createElement("iframe");
  frame.src = url.href;
  frame.title = "Skillbox";
  frame.hidden = true;
  (options.container ?? document.body).append(frame);
  let disposed = false;
  // Calls made before the handshake wait for it; calls under way at disposal fail at once.
  let abandon: (error: Error) => void = () => {};
  const gone = new Promise<never>((_, reject) => {
    abandon = reject;
  });
  gone.catch(() => {});
  const connection = Promise.race([
    handshake(frame, url.origin, options.timeoutMs ?? DEFAULT_TIMEOUT_MS).then(
      (target) => new EmbedConnection(target, url.origin),
    ),
    gone,
  ]);
  connection.catch(() => {});
  const request = async <M extends EmbedMethod>(
    method: M,
    args: EmbedArguments<M>,
    listener?: (...values: never[]) => void,
    signal?: AbortSignal,
  ): Promise<EmbedResults[M]> => {
    if (disposed) throw new Error("this Skillbox was disposed");
    return (await connection).call(method, args, listener, signal);
  };
  const ready = request("ready", []);
  ready.catch(() => {});
  /** A tool call: contract JSON whatever happens to the connection, never a rejection. */
  const contractJson = async (answer: () => Promise<ToolResult>): Promise<ToolResult> => {
    try {
      return await answer();
    } catch (error) {
      return {
        error: `The Skillbox deployment could not answer: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };
  const subscriptions = new Set<AbortController>();
  const listen = (
    method: "subscribe" | "approvals",
    listener: (...values: never[]) => void,
  ): (() => void) => {
    const stopped = new AbortController();
    subscriptions.add(stopped);
    request(method, [], listener, stopped.signal).catch(() => {});
    return () => {
      subscriptions.delete(stopped);
      stopped.abort();
    };
  };
  const subscribe = (listener: () => void) => listen("subscribe", listener);
  const approve = options.approveScriptRun;
  if (approve) {
    // The deployment asks about each run as an event of this call, and waits for the answer.
    listen("approvals", (id: number, run: ScriptRunRequest) => {
      void Promise.resolve()
        .then(() => approve(run))
        .then(
          (yes) => yes === true,
          () => false,
        )
        .then((yes) => request("approve", [id, yes]))
        .catch(() => {});
    });
  }

  return {
    ready,
    installSkill: (source, installOptions) => request("installSkill", [source, installOptions]),
    importSkill: (source, onProgress, installOptions) =>
      request("importSkill", [source, installOptions], onProgress),
    callTool: (name, args, { onOutput, signal, ...data } = {}) =>
      contractJson(() => request("callTool", [name, args, data], onOutput, signal)),
    listSkills: () => request("listSkills", []),
    getSkill: (name, version) => request("getSkill", [name, version]),
    setDefaultVersion: (name, version) => request("setDefaultVersion", [name, version]),
    deleteVersion: (name, version) => request("deleteVersion", [name, version]),
    deleteSkill: (name) => request("deleteSkill", [name]),
    exportSkill: (name, version) => request("exportSkill", [name, version]),
    profile: () => request("profile", []),
    updateProfile: (name, change) => request("updateProfile", [name, change]),
    agentContext: () => request("agentContext", []),
    callAgentTool: (name, args) => contractJson(() => request("callAgentTool", [name, args])),
    tools: toolExports({
      definitions: (binding) => request("toolDefinitions", [binding]),
      instructionLines: (binding) => request("toolInstructionLines", [binding]),
      call: (name, args, binding) => contractJson(() => request("toolCall", [name, args, binding])),
      subscribe,
    }),
    usage: () => request("usage", []),
    records: () => request("records", []),
    outputFiles: () => request("outputFiles", []),
    clearOutputFiles: () => request("clearOutputFiles", []),
    readOutputFile: (fileUrl) => request("readOutputFile", [fileUrl]),
    pythonPackages: (skillName, version) => request("pythonPackages", [skillName, version]),
    status: () => request("status", []),
    runtimeStates: () => request("runtimeStates", []),
    chat: {
      endpoint: () => request("chatEndpoint", []),
      endpointChosen: () => request("chatEndpointChosen", []),
      setEndpoint: (settings) => request("chatSetEndpoint", [settings]),
      checkEndpoint: (settings) => request("chatCheckEndpoint", [settings]),
      transcript: () => request("chatTranscript", []),
      send: (text, onUpdate) => request("chatSend", [text], onUpdate),
      cancel: () => void request("chatCancel", []).catch(() => {}),
      clear: () => request("chatClear", []),
    },
    // The models live in the deployment's origin, and run in its frame.
    localModels: {
      unsupported: () => request("localModelsUnsupported", []),
      list: () => request("localModelsList", []),
      add: (file, onProgress) => request("localModelsAdd", [file], onProgress),
      download: (modelUrl, onProgress, signal) =>
        request("localModelsDownload", [modelUrl], onProgress, signal),
      remove: (id) => request("localModelsRemove", [id]),
      load: (id) => request("localModelsLoad", [id]),
    },
    subscribe,
    dispose() {
      for (const subscription of [...subscriptions]) subscription.abort();
      subscriptions.clear();
      disposed = true;
      const error = new Error("this Skillbox was disposed");
      abandon(error);
      void connection.then(
        (open) => open.close(error),
        () => {},
      );
      frame.remove();
    },
  };
}

export type { Skillbox } from "../api/skillbox";
export type { ApproveScriptRun, ScriptRunRequest } from "../tools/scriptPolicy";
