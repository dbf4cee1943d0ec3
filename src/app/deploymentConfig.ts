import { z } from "zod";
import { shellEngineConfigSchema } from "../sandbox/shellEngine";

/** Where a deployment puts its settings: a JSON file beside `index.html` (README "Shell engines"). */
export const DEPLOYMENT_CONFIG_PATH = "/skillbox.config.json";

export const deploymentConfigSchema = z
  .object({
    /** How `.sh` scripts run; the built-in engine when absent. */
    shell: shellEngineConfigSchema.optional(),
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
