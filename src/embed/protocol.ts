import type { Endpoint } from "comlink";
import { z } from "../zod.ts";

/** The host page's greeting, posted to the embed frame until it answers. */
export const EMBED_HELLO = "skillbox:embed-hello";
/** The embed frame's answer to an allowed origin: the API is exposed from now on. */
export const EMBED_READY = "skillbox:embed-ready";

/**
 * Every method the embed page offers, by name: `skillbox/client` calls nothing else, and the
 * embed page answers nothing else.
 */
export const EMBED_METHODS = [
  "ready",
  "installSkill",
  "importSkill",
  "callTool",
  "stopCall",
  "listSkills",
  "getSkill",
  "setDefaultVersion",
  "deleteVersion",
  "deleteSkill",
  "exportSkill",
  "profile",
  "updateProfile",
  "agentContext",
  "callAgentTool",
  "usage",
  "records",
  "outputFiles",
  "clearOutputFiles",
  "readOutputFile",
  "pythonPackages",
  "status",
  "runtimeStates",
  "subscribe",
  "toolDefinitions",
  "toolInstructionLines",
  "toolCall",
  "chatEndpoint",
  "chatEndpointChosen",
  "chatSetEndpoint",
  "chatCheckEndpoint",
  "chatTranscript",
  "chatSend",
  "chatCancel",
  "chatClear",
  "localModelsUnsupported",
  "localModelsList",
  "localModelsAdd",
  "localModelsDownload",
  "localModelsRemove",
  "localModelsLoad",
] as const;

export type EmbedMethod = (typeof EMBED_METHODS)[number];

const wireValue = z.union([
  z.strictObject({ type: z.literal("RAW"), value: z.unknown() }),
  z.strictObject({ type: z.literal("HANDLER"), name: z.literal("proxy"), value: z.unknown() }),
]);

/**
 * The only comlink messages the embed page lets through: a call (APPLY) of one listed method by
 * its plain name, or the release of a proxy. Reads, writes and constructions of arbitrary paths
 * (`constructor.constructor`, say) never reach the API object.
 */
export const embedRequestSchema = z.union([
  z.strictObject({
    id: z.string(),
    type: z.literal("APPLY"),
    path: z.tuple([z.enum(EMBED_METHODS)]),
    argumentList: z.array(wireValue).max(4),
  }),
  z.strictObject({ id: z.string(), type: z.literal("RELEASE") }),
]);

/**
 * A comlink endpoint over one other window that lets through only its messages, from `origin`,
 * that `accept` allows; everything else is dropped before comlink sees it.
 */
export function guardedWindowEndpoint(
  other: Window,
  origin: string,
  accept: (data: unknown) => boolean = () => true,
): Endpoint {
  const wrapped = new Map<EventListenerOrEventListenerObject, EventListener>();
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) =>
      other.postMessage(message, origin, transfer),
    addEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const guarded: EventListener = (event) => {
        const message = event as MessageEvent;
        if (message.source !== other || message.origin !== origin || !accept(message.data)) return;
        if (typeof listener === "function") listener(event);
        else listener.handleEvent(event);
      };
      wrapped.set(listener, guarded);
      window.addEventListener(type, guarded);
    },
    removeEventListener(type: string, listener: EventListenerOrEventListenerObject) {
      const guarded = wrapped.get(listener);
      if (guarded) window.removeEventListener(type, guarded);
      wrapped.delete(listener);
    },
  };
}
