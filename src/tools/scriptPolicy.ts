import { z } from "../zod.ts";

/**
 * Whether skills' scripts run: always (`run`), after the user says yes to each run (`ask`), or
 * never (`never`: skills serve their instructions only). The Agent Skills specification leaves this
 * to the client; administrators of skill clients ask for the last two.
 */
export const scriptPolicySchema = z.enum(["run", "ask", "never"]);
export type ScriptPolicy = z.infer<typeof scriptPolicySchema>;

/** The run a user is asked about under the `ask` policy: checked and about to start. */
export interface ScriptRunRequest {
  skillName: string;
  scriptPath: string;
  args: readonly string[];
}

/**
 * Answers whether a run may start; `false`, a rejection or a throw all mean no, and `undefined`
 * that no one could be asked (the run is refused as unasked, not as declined).
 */
export type ApproveScriptRun = (
  request: ScriptRunRequest,
) => boolean | undefined | Promise<boolean | undefined>;

export const SCRIPTS_NEVER_RUN =
  "Scripts do not run in this deployment (its script policy is never): use the skill's instructions only";
export const SCRIPT_RUN_DECLINED = "The user declined to run this script";
export const SCRIPT_RUN_UNASKED =
  "This deployment asks the user before each script run, and no one here can be asked";

/**
 * Why a checked run may not start under `policy`, or undefined when it may. Under `ask`, the
 * approver is asked once; a cancelled call stops waiting for the answer.
 */
export async function scriptPolicyRefusal(
  policy: ScriptPolicy,
  approve: ApproveScriptRun | undefined,
  request: ScriptRunRequest,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (policy === "run") return undefined;
  if (policy === "never") return SCRIPTS_NEVER_RUN;
  if (!approve) return SCRIPT_RUN_UNASKED;
  const answer = Promise.resolve()
    .then(() => approve({ ...request, args: [...request.args] }))
    .catch(() => false);
  const cancelled = new Promise<false>((resolve) => {
    if (signal?.aborted) resolve(false);
    signal?.addEventListener("abort", () => resolve(false), { once: true });
  });
  const yes = await Promise.race([answer, cancelled]);
  if (yes === undefined) return SCRIPT_RUN_UNASKED;
  return yes === true ? undefined : SCRIPT_RUN_DECLINED;
}
