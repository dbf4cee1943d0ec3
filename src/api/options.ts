import { deploymentLimitsSchema } from "../deployment/deploymentConfig";
import { pythonPackagesConfigSchema } from "../python/packageConfig";
import { DEFAULT_ASSETS_URL } from "../sandbox/runtimeLayout";
import { shellEngineConfigSchema } from "../sandbox/shellEngine";
import { type ApproveScriptRun, scriptPolicySchema } from "../tools/scriptPolicy";
import { z } from "../zod.ts";

/** What `installSkill` accepts: a map of `FOLDER/path` → contents, or a base64 zip. */
export type InstallSource = { files: Record<string, string | Uint8Array> } | { zipBase64: string };

export const installSourceSchema = z.union([
  z.strictObject({
    files: z.record(
      z.string(),
      z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array)]),
    ),
  }),
  z.strictObject({ zipBase64: z.string() }),
]);

export const endpointSchema = z.union([
  z.strictObject({
    protocol: z.enum(["openai", "anthropic"]),
    baseUrl: z.url(),
    model: z.string().min(1),
    apiKey: z.string(),
    stream: z.boolean(),
  }),
  // A model in this tab: `model` is a stored model's id; there is no server.
  z.strictObject({
    protocol: z.literal("local"),
    baseUrl: z.string(),
    model: z.string(),
    apiKey: z.string(),
    stream: z.boolean(),
  }),
]);

const isFunction = (value: unknown): value is () => Promise<InstallSource[]> =>
  typeof value === "function";

/** The options of {@link createSkillbox}, checked when it is called. */
export const skillboxOptionsSchema = z.strictObject({
  /**
   * URL of the runtime folder (`pkg/runtime/` of the package), absolute or relative to the page.
   * `skillbox/vite` serves it at `/skillbox/`, the default.
   */
  assetsUrl: z
    .string()
    .min(1)
    .default(DEFAULT_ASSETS_URL)
    .transform((url) => (url.endsWith("/") ? url : `${url}/`)),
  /**
   * Where skills, settings, usage, chat and output files live: IndexedDB (kept across visits) or
   * memory (gone with the page).
   */
  storage: z.enum(["indexeddb", "memory"]).default("indexeddb"),
  /**
   * Names the IndexedDB databases (`NAME-library`, `NAME-settings`, …): two instances share their
   * library exactly when they share this name.
   */
  storageName: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
      "must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit",
    )
    .default("skillbox"),
  /** Time, output and memory limits; each absent one keeps its default. */
  limits: deploymentLimitsSchema.default({}),
  /** How `.sh` scripts run; the built-in engine when absent. */
  shell: shellEngineConfigSchema.optional(),
  /** The deployment's Python package set; the standard library only when absent. */
  python: pythonPackagesConfigSchema.default({ preload: [] }),
  /**
   * Runtimes whose assets load and workers boot at once; the others start on their first run.
   * Default: all three.
   */
  eager: z.array(z.enum(["python", "javascript", "shell"])).optional(),
  /** A sandbox document served from a second site (SECURITY.md); written by the page otherwise. */
  frameUrl: z.url().optional(),
  /** Skills installed when the library is empty (a first visit), or a function that loads them. */
  skills: z
    .union([z.array(installSourceSchema), z.custom<() => Promise<InstallSource[]>>(isFunction)])
    .default([]),
  /**
   * Whether skills' scripts run: always (`run`), after `approveScriptRun` says yes to each run
   * (`ask`; with no approver every run is refused), or never (skills serve instructions only).
   */
  scripts: scriptPolicySchema.default("run"),
  /** Asked before each run under `scripts: "ask"`; false, a throw or a rejection refuse the run. */
  approveScriptRun: z.custom<ApproveScriptRun>((value) => typeof value === "function").optional(),
  /** The chat's model endpoint until the user picks another one. */
  endpoint: endpointSchema.optional(),
  /** Where the hidden sandbox frame is attached; `document.body` by default. */
  container: z
    .custom<HTMLElement>(
      (value) => typeof HTMLElement !== "undefined" && value instanceof HTMLElement,
    )
    .optional(),
});

/** Options of {@link createSkillbox}; every field is optional. */
export type SkillboxOptions = z.input<typeof skillboxOptionsSchema>;
export type ResolvedSkillboxOptions = z.output<typeof skillboxOptionsSchema>;

/** Wrong options to `createSkillbox` (or a web component's attributes), each problem named. */
export class SkillboxOptionsError extends Error {
  override readonly name = "SkillboxOptionsError";
  constructor(readonly problems: string[]) {
    super(`Invalid Skillbox options: ${problems.join("; ")}`);
  }
}

/** Checks options, naming each wrong one (`limits.timeLimitMs: …`); throws SkillboxOptionsError. */
export function resolveSkillboxOptions(options: unknown): ResolvedSkillboxOptions {
  const parsed = skillboxOptionsSchema.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  throw new SkillboxOptionsError(
    parsed.error.issues.map((issue) => {
      const where = issue.path.join(".") || "(options)";
      const unknownKeys =
        issue.code === "unrecognized_keys" ? `: unknown option ${issue.keys.join(", ")}` : "";
      return unknownKeys ? `${where}${unknownKeys}` : `${where}: ${issue.message}`;
    }),
  );
}
