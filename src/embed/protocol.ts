/**
 * The embed protocol: plain messages between a host page (`skillbox/client`) and a deployment's
 * `embed.html`. The host names a public method and sends its arguments as data; the embed page
 * parses them with that method's schema, calls the method, and answers with data. A listener
 * (run output, progress, library changes, chat updates) never crosses as an object: the host
 * asks for events, and they come back as messages naming the call. Nothing here can reach
 * anything but the methods listed, with arguments of their shape.
 */

import { endpointSchema, installSourceSchema } from "../api/options";
import type { InstallOptions, Skillbox } from "../api/skillbox";
import type { SkillOrigin } from "../skills/storage";
import { z } from "../zod.ts";

/** The host page's greeting, posted to the embed frame until it answers. */
export const EMBED_HELLO = "skillbox:embed-hello";
/** The embed frame's answer to an allowed origin: calls are answered from now on. */
export const EMBED_READY = "skillbox:embed-ready";
/** Marks every message of the protocol, so other messages between the windows pass it by. */
export const EMBED_CHANNEL = "skillbox:embed/2";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, "expected bytes");
const skillName = z.string().max(256);
const version = z.number().int().positive();
const bindingOptions = z.strictObject({ skills: z.array(skillName).max(1000).optional() });
const installOptions: z.ZodType<InstallOptions> = z.strictObject({
  strict: z.boolean().optional(),
});
const address = z.string().max(4096);
/** Where imported files came from (a repository folder, an MCP server's skill), kept with them. */
const skillOrigin: z.ZodType<SkillOrigin> = z.union([
  z.strictObject({
    kind: z.literal("repository").optional(),
    url: address,
    commit: z.string().regex(/^[0-9a-f]{40}$/),
  }),
  z.strictObject({
    kind: z.literal("mcp"),
    server: address,
    uri: address,
    files: z
      .array(
        z.strictObject({
          uri: address,
          digest: z.string().regex(/^sha256:[0-9a-f]{64}$/),
          size: z.number().int().nonnegative(),
        }),
      )
      .max(100_000),
  }),
]);
const importSource = z.union([
  z.strictObject({
    kind: z.literal("files"),
    entries: z.array(
      z.strictObject({
        path: z.string(),
        data: bytes,
        symlink: z.boolean().optional(),
      }),
    ),
    origin: skillOrigin.optional(),
  }),
  z.strictObject({ kind: z.literal("zip"), bytes }),
]);
/**
 * `callTool`'s options as data: the listener and the stop travel as the call's events and stop.
 * The time limit is checked where every door's calls meet (SkillTools), for the same answer.
 */
const callToolOptions = bindingOptions.extend({
  timeLimitMs: z.custom<number>((value) => typeof value === "number").optional(),
});
const none = z.tuple([]);

/**
 * Every method the embed page answers, with the argument list it accepts. Trailing arguments a
 * caller leaves out are `undefined`.
 */
export const embedArgumentSchemas = {
  ready: none,
  installSkill: z.tuple([installSourceSchema, installOptions.optional()]),
  importSkill: z.tuple([importSource, installOptions.optional()]),
  callTool: z.tuple([z.string(), z.unknown(), callToolOptions.optional()]),
  listSkills: none,
  getSkill: z.tuple([skillName, version.optional()]),
  setDefaultVersion: z.tuple([skillName, version]),
  deleteVersion: z.tuple([skillName, version]),
  deleteSkill: z.tuple([skillName]),
  exportSkill: z.tuple([skillName, version.optional()]),
  profile: none,
  updateProfile: z.tuple([
    skillName,
    z.strictObject({ bound: z.boolean().optional(), active: z.boolean().optional() }),
  ]),
  agentContext: none,
  callAgentTool: z.tuple([z.string(), z.unknown()]),
  usage: none,
  records: none,
  outputFiles: none,
  clearOutputFiles: none,
  readOutputFile: z.tuple([z.string()]),
  pythonPackages: z.tuple([skillName.optional(), version.optional()]),
  status: none,
  runtimeStates: none,
  subscribe: none,
  approvals: none,
  approve: z.tuple([z.number().int().nonnegative(), z.boolean()]),
  toolDefinitions: z.tuple([bindingOptions.optional()]),
  toolInstructionLines: z.tuple([bindingOptions.optional()]),
  toolCall: z.tuple([z.string(), z.unknown(), bindingOptions.optional()]),
  chatEndpoint: none,
  chatEndpointChosen: none,
  chatSetEndpoint: z.tuple([endpointSchema]),
  chatCheckEndpoint: z.tuple([endpointSchema.optional()]),
  chatTranscript: none,
  chatSend: z.tuple([z.string()]),
  chatCancel: none,
  chatClear: none,
  localModelsUnsupported: none,
  localModelsList: none,
  localModelsAdd: z.tuple([z.instanceof(File)]),
  localModelsDownload: z.tuple([z.string()]),
  localModelsRemove: z.tuple([z.string()]),
  localModelsLoad: z.tuple([z.string()]),
} as const;

export type EmbedMethod = keyof typeof embedArgumentSchemas;
export const EMBED_METHODS = Object.keys(embedArgumentSchemas) as EmbedMethod[];
/** What a host sends for a method's arguments. */
export type EmbedArguments<M extends EmbedMethod> = z.input<(typeof embedArgumentSchemas)[M]>;
/** The arguments the embed page hands the method, once parsed. */
export type ParsedEmbedArguments<M extends EmbedMethod> = z.output<
  (typeof embedArgumentSchemas)[M]
>;

type Answer<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** What each method answers, taken from the {@link Skillbox} type, so the two cannot drift. */
export interface EmbedResults {
  ready: undefined;
  installSkill: Answer<Skillbox["installSkill"]>;
  importSkill: Answer<Skillbox["importSkill"]>;
  callTool: Answer<Skillbox["callTool"]>;
  listSkills: Answer<Skillbox["listSkills"]>;
  getSkill: Answer<Skillbox["getSkill"]>;
  setDefaultVersion: Answer<Skillbox["setDefaultVersion"]>;
  deleteVersion: Answer<Skillbox["deleteVersion"]>;
  deleteSkill: Answer<Skillbox["deleteSkill"]>;
  exportSkill: Answer<Skillbox["exportSkill"]>;
  profile: Answer<Skillbox["profile"]>;
  updateProfile: Answer<Skillbox["updateProfile"]>;
  agentContext: Answer<Skillbox["agentContext"]>;
  callAgentTool: Answer<Skillbox["callAgentTool"]>;
  usage: Answer<Skillbox["usage"]>;
  records: Answer<Skillbox["records"]>;
  outputFiles: Answer<Skillbox["outputFiles"]>;
  clearOutputFiles: Answer<Skillbox["clearOutputFiles"]>;
  readOutputFile: Answer<Skillbox["readOutputFile"]>;
  pythonPackages: Answer<Skillbox["pythonPackages"]>;
  status: Answer<Skillbox["status"]>;
  runtimeStates: Answer<Skillbox["runtimeStates"]>;
  /** Answers only when the subscription is stopped; each change is an event. */
  subscribe: undefined;
  /**
   * The host's approver under `scripts: "ask"`: answers only when stopped; each run to approve is
   * an event `(approvalId, ScriptRunRequest)`, answered with `approve(approvalId, yes)`.
   */
  approvals: undefined;
  approve: undefined;
  toolDefinitions: Answer<Skillbox["tools"]["definitions"]>;
  toolInstructionLines: Answer<Skillbox["tools"]["instructionLines"]>;
  toolCall: Answer<Skillbox["tools"]["call"]>;
  chatEndpoint: Answer<Skillbox["chat"]["endpoint"]>;
  chatEndpointChosen: Answer<Skillbox["chat"]["endpointChosen"]>;
  chatSetEndpoint: Answer<Skillbox["chat"]["setEndpoint"]>;
  chatCheckEndpoint: Answer<Skillbox["chat"]["checkEndpoint"]>;
  chatTranscript: Answer<Skillbox["chat"]["transcript"]>;
  chatSend: Answer<Skillbox["chat"]["send"]>;
  chatCancel: undefined;
  chatClear: Answer<Skillbox["chat"]["clear"]>;
  localModelsUnsupported: Answer<Skillbox["localModels"]["unsupported"]>;
  localModelsList: Answer<Skillbox["localModels"]["list"]>;
  localModelsAdd: Answer<Skillbox["localModels"]["add"]>;
  localModelsDownload: Answer<Skillbox["localModels"]["download"]>;
  localModelsRemove: Answer<Skillbox["localModels"]["remove"]>;
  localModelsLoad: Answer<Skillbox["localModels"]["load"]>;
}

const callId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * A host's message: a call of one listed method (`events`: whether it wants the listener's
 * events), or the stop of a call under way (a run's Stop, a download's, or a subscription's end).
 */
export const embedRequestSchema = z.discriminatedUnion("kind", [
  z.strictObject({
    channel: z.literal(EMBED_CHANNEL),
    kind: z.literal("call"),
    id: callId,
    method: z.enum(EMBED_METHODS as [EmbedMethod, ...EmbedMethod[]]),
    args: z.array(z.unknown()).max(4),
    events: z.boolean(),
  }),
  z.strictObject({ channel: z.literal(EMBED_CHANNEL), kind: z.literal("stop"), id: callId }),
]);
export type EmbedRequest = z.output<typeof embedRequestSchema>;

/** An error as it crosses: its name, message and, for a refused skill, the problems. */
export const embedErrorSchema = z.strictObject({
  name: z.string(),
  message: z.string(),
  problems: z.array(z.unknown()).optional(),
});
export type EmbedError = z.output<typeof embedErrorSchema>;

/** The embed page's message: a call's answer or failure, or one event of a call under way. */
export const embedReplySchema = z.discriminatedUnion("kind", [
  z.strictObject({
    channel: z.literal(EMBED_CHANNEL),
    kind: z.literal("result"),
    id: callId,
    value: z.unknown(),
  }),
  z.strictObject({
    channel: z.literal(EMBED_CHANNEL),
    kind: z.literal("error"),
    id: callId,
    error: embedErrorSchema,
  }),
  z.strictObject({
    channel: z.literal(EMBED_CHANNEL),
    kind: z.literal("event"),
    id: callId,
    values: z.array(z.unknown()).max(4),
  }),
]);
export type EmbedReply = z.output<typeof embedReplySchema>;

/** A method's arguments, parsed by its schema; a clear error naming the argument otherwise. */
export function parseEmbedArguments<M extends EmbedMethod>(
  method: M,
  args: unknown[],
): { ok: true; args: ParsedEmbedArguments<M> } | { ok: false; error: EmbedError } {
  const parsed = embedArgumentSchemas[method].safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data as ParsedEmbedArguments<M> };
  const problems = parsed.error.issues.map((issue) => {
    const [position, ...rest] = issue.path;
    const where =
      typeof position === "number"
        ? `argument ${position + 1}${rest.length ? ` (${rest.join(".")})` : ""}`
        : "the argument list";
    return `${where}: ${issue.message}`;
  });
  return {
    ok: false,
    error: { name: "TypeError", message: `${method}: ${problems.join("; ")}` },
  };
}
