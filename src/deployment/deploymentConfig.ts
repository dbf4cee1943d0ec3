import { type PythonPackagesConfig, pythonPackagesConfigSchema } from "../python/packageConfig.ts";
import type { AdmissionLimits } from "../sandbox/frame/admission";
import { shellEngineConfigSchema } from "../sandbox/shellEngine.ts";
import { type ToolLimits, timeLimitMsSchema } from "../tools/limits.ts";
import { scriptPolicySchema } from "../tools/scriptPolicy.ts";
import { z } from "../zod.ts";

/** Where a deployment puts its settings: a JSON file beside `index.html` (docs/runtimes.md). */
export const DEPLOYMENT_CONFIG_PATH = "/skillbox.config.json";

const count = z.number().int().positive();

/** Limits a deployment may set; each one absent keeps its default (docs/security-model.md). */
export const deploymentLimitsSchema = z.strictObject({
  timeLimitMs: timeLimitMsSchema.optional(),
  resultLimitChars: count.min(1000).optional(),
  maxOutputFiles: count.optional(),
  maxOutputFileBytes: count.optional(),
  memoryLimitBytes: count.min(64 * 1024 * 1024).optional(),
  /** Output files kept across runs before the oldest are evicted. */
  outputStoreBytes: count.optional(),
  maxConcurrentRuns: count.max(64).optional(),
  maxQueueWaitMs: z.number().int().nonnegative().optional(),
});

export type DeploymentLimits = z.infer<typeof deploymentLimitsSchema>;

export const deploymentConfigSchema = z
  .object({
    /** How `.sh` scripts run; the built-in engine when absent. */
    shell: shellEngineConfigSchema.optional(),
    limits: deploymentLimitsSchema.optional(),
    /** Whether skills' scripts run: always, after the user says yes, or never (`run` if absent). */
    scripts: scriptPolicySchema.optional(),
    /** The Python package set; the app looks in `python-packages/` when absent. */
    python: pythonPackagesConfigSchema.optional(),
    /** Where the sandbox frame's document is served from (SECURITY.md, second site). */
    sandbox: z.strictObject({ frameUrl: z.url() }).optional(),
    /** Which pages on other origins may frame `embed.html` and use it (docs/embedding.md). */
    embed: z
      .strictObject({
        allowedOrigins: z.array(
          z.union([
            z.literal("*"),
            z
              .url()
              .refine(
                (url) => URL.canParse(url) && new URL(url).origin === url,
                "must be an origin: scheme, host and port only, like https://example.com",
              ),
          ]),
        ),
      })
      .optional(),
  })
  .strict();

export type DeploymentConfig = z.infer<typeof deploymentConfigSchema>;

/**
 * Reads the deployment's settings. No file means the defaults; a file that is not valid JSON or
 * not of the schema is an error naming each problem, so a misconfigured deployment says why.
 */
export async function loadDeploymentConfig(
  url: string = DEPLOYMENT_CONFIG_PATH,
): Promise<DeploymentConfig> {
  const response = await fetch(url, { cache: "no-cache" });
  if (response.status === 404) return {};
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new Error(`${url} is not valid JSON`);
  }
  const parsed = deploymentConfigSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new Error(`${url}: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/** Where `npm run python:add` puts the package set, when the settings name no other place. */
export const DEFAULT_PYTHON_PACKAGES_URL = "/python-packages/";

/** The deployment's Python package set, in its default place unless the settings say otherwise. */
export function pythonPackagesOf(config: DeploymentConfig): PythonPackagesConfig {
  return { packagesUrl: DEFAULT_PYTHON_PACKAGES_URL, ...config.python };
}

/** The tool limits a deployment set (the rest keep their defaults). */
export function toolLimitsOf(limits: DeploymentLimits): Partial<ToolLimits> {
  const { outputStoreBytes: _, maxConcurrentRuns: __, maxQueueWaitMs: ___, ...tool } = limits;
  return tool;
}

/** The admission limits a deployment set (the rest keep their defaults). */
export function admissionOf(limits: DeploymentLimits): Partial<AdmissionLimits> {
  return {
    ...(limits.maxConcurrentRuns ? { maxConcurrent: limits.maxConcurrentRuns } : {}),
    ...(limits.maxQueueWaitMs !== undefined ? { maxQueueWaitMs: limits.maxQueueWaitMs } : {}),
  };
}
