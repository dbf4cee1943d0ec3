/**
 * `skillbox/client`: a Skillbox deployment on another origin, used from this page. It frames the
 * deployment's `embed.html` (hidden) and talks to it with comlink over `postMessage`; the object
 * it returns has the same API as `createSkillbox`.
 */
import { proxy, type Remote, wrap } from "comlink";
import type { Skillbox } from "../api/createSkillbox";
import { toolExports } from "../api/toolExports";
import type { ToolResult } from "../tools/skillTools";
import { EMBED_HELLO, EMBED_READY, type EmbedMethod, guardedWindowEndpoint } from "./protocol";

export interface ConnectOptions {
  /** The deployment's `embed.html`, e.g. `https://skills.example.com/skillbox/embed.html`. */
  url: string;
  /** Where the hidden frame is attached; `document.body` by default. */
  container?: HTMLElement;
  /** How long the deployment may take to answer; default 30 s. */
  timeoutMs?: number;
}

type EmbedRemote = Remote<Record<EmbedMethod, (...args: never[]) => unknown>>;

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

/** A Skillbox that lives in a deployment on another origin; see {@link ConnectOptions}. */
export function connectSkillbox(options: ConnectOptions): Skillbox {
  const url = checkOptions(options);
  const frame = document.createElement("iframe");
  frame.src = url.href;
  frame.title = "Skillbox";
  frame.hidden = true;
  (options.container ?? document.body).append(frame);
  // Boxed: a comlink proxy answers every property, `then` included.
  const connection = handshake(frame, url.origin, options.timeoutMs ?? DEFAULT_TIMEOUT_MS).then(
    (target) => ({ api: wrap(guardedWindowEndpoint(target, url.origin)) as EmbedRemote }),
  );
  let disposed = false;
  // Calls under way when the frame goes would wait forever: they fail with the disposal instead.
  let abandon: (error: Error) => void = () => {};
  const gone = new Promise<never>((_, reject) => {
    abandon = reject;
  });
  gone.catch(() => {});
  const remote = async (): Promise<EmbedRemote> => {
    if (disposed) throw new Error("this Skillbox was disposed");
    return (await connection).api;
  };
  const ready = remote()
    .then((api) => api.ready())
    .then(() => undefined);
  ready.catch(() => {});
  // Each method waits for the connection; arguments and results cross as structured clones.
  const call =
    <R>(method: EmbedMethod) =>
    async (...args: unknown[]): Promise<R> =>
      Promise.race([(await remote())[method](...(args as never[])) as Promise<R>, gone]);
  /** A tool call: contract JSON whatever happens to the connection, never a rejection. */
  const toolCall =
    (method: "callTool" | "callAgentTool" | "toolCall") =>
    async (...args: unknown[]): Promise<ToolResult> => {
      try {
        return await call<ToolResult>(method)(...args);
      } catch (error) {
        return {
          error: `The Skillbox deployment could not answer: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    };
  const unsubscribers = new Set<() => void>();

  return {
    ready,
    installSkill: call("installSkill"),
    importSkill: async (source, onProgress, installOptions) =>
      (await remote()).importSkill(
        ...([source, proxy(onProgress ?? (() => {})), installOptions] as never[]),
      ) as never,
    // Functions do not cross as data: the listener goes as a proxy, and a stop as a message
    // naming the call by a token chosen here.
    callTool: async (name, args, options = {}) => {
      const { onOutput, signal, ...data } = options;
      const stopToken = signal ? crypto.randomUUID() : undefined;
      const stop = () => void remote().then((api) => api.stopCall(...([stopToken] as never[])));
      const result = toolCall("callTool")(
        name,
        args,
        stopToken ? { ...data, stopToken } : data,
        onOutput ? proxy(onOutput) : undefined,
      );
      // Sent after the call, so the deployment knows the token when the stop arrives.
      if (signal?.aborted) stop();
      else signal?.addEventListener("abort", stop, { once: true });
      try {
        return await result;
      } finally {
        signal?.removeEventListener("abort", stop);
      }
    },
    listSkills: call("listSkills"),
    getSkill: call("getSkill"),
    setDefaultVersion: call("setDefaultVersion"),
    deleteVersion: call("deleteVersion"),
    deleteSkill: call("deleteSkill"),
    exportSkill: call("exportSkill"),
    profile: call("profile"),
    updateProfile: call("updateProfile"),
    agentContext: call("agentContext"),
    callAgentTool: toolCall("callAgentTool"),
    tools: toolExports({
      definitions: call("toolDefinitions"),
      instructionLines: call("toolInstructionLines"),
      call: toolCall("toolCall"),
      subscribe: (listener) => subscribeRemote(remote, listener, unsubscribers),
    }),
    usage: call("usage"),
    records: call("records"),
    outputFiles: call("outputFiles"),
    clearOutputFiles: call("clearOutputFiles"),
    readOutputFile: call("readOutputFile"),
    pythonPackages: call("pythonPackages"),
    status: call("status"),
    runtimeStates: call("runtimeStates"),
    chat: {
      endpoint: call("chatEndpoint"),
      endpointChosen: call("chatEndpointChosen"),
      setEndpoint: call("chatSetEndpoint"),
      checkEndpoint: call("chatCheckEndpoint"),
      transcript: call("chatTranscript"),
      send: async (text, onUpdate) =>
        (await remote()).chatSend(
          ...([text, onUpdate ? proxy(onUpdate) : undefined] as never[]),
        ) as never,
      cancel: () => void remote().then((api) => api.chatCancel()),
      clear: call("chatClear"),
    },
    // The models live in the deployment's origin, and run in its frame.
    localModels: {
      unsupported: call("localModelsUnsupported"),
      list: call("localModelsList"),
      add: async (file, onProgress) =>
        (await remote()).localModelsAdd(
          ...([file, onProgress ? proxy(onProgress) : undefined] as never[]),
        ) as never,
      // A download cannot be stopped from here: a signal does not cross to the deployment.
      download: async (url, onProgress) =>
        (await remote()).localModelsDownload(
          ...([url, onProgress ? proxy(onProgress) : undefined] as never[]),
        ) as never,
      remove: call("localModelsRemove"),
      load: call("localModelsLoad"),
    },
    subscribe: (listener) => subscribeRemote(remote, listener, unsubscribers),
    dispose() {
      for (const unsubscribe of [...unsubscribers]) unsubscribe();
      disposed = true;
      abandon(new Error("this Skillbox was disposed"));
      frame.remove();
    },
  };
}

/** Subscribes to the deployment's library changes; the listener crosses as a comlink proxy. */
function subscribeRemote(
  remote: () => Promise<EmbedRemote>,
  listener: () => void,
  unsubscribers: Set<() => void>,
): () => void {
  const subscription = remote().then(
    (api) => api.subscribe(...([proxy(listener)] as never[])) as Promise<Remote<() => void>>,
  );
  const unsubscribe = () => {
    unsubscribers.delete(unsubscribe);
    void subscription.then((remoteUnsubscribe) => remoteUnsubscribe());
  };
  unsubscribers.add(unsubscribe);
  return unsubscribe;
}

export type { Skillbox } from "../api/createSkillbox";
