import { z } from "../zod.ts";
import { DEFAULT_TOOL_LIMITS, type ToolLimits } from "./limits";

export const GET_SKILL_INSTRUCTIONS = "get_skill_instructions";
export const RUN_SKILL_SCRIPT = "run_skill_script";
export type ToolName = typeof GET_SKILL_INSTRUCTIONS | typeof RUN_SKILL_SCRIPT;
export const TOOL_NAMES: readonly ToolName[] = [GET_SKILL_INSTRUCTIONS, RUN_SKILL_SCRIPT];

const noNul = (value: string) => !value.includes("\0");
const NUL_MESSAGE = "must not contain a NUL character";
const utf8 = new TextEncoder();

const skillNameField = z
  .string()
  .refine(noNul, NUL_MESSAGE)
  .describe('Exact, case-sensitive name of the skill, as in its "[skill: NAME]" line.');

export const getSkillInstructionsArgsSchema = z.strictObject({ skill_name: skillNameField });

export type GetSkillInstructionsArgs = z.infer<typeof getSkillInstructionsArgsSchema>;

/** Arguments of run_skill_script with the argument limits of CONTRACT §4 built in. */
export function runSkillScriptArgsSchema(limits: ToolLimits = DEFAULT_TOOL_LIMITS) {
  const arg = z
    .string()
    .max(limits.maxArgChars, `each argument may be at most ${limits.maxArgChars} characters long`)
    .refine(noNul, NUL_MESSAGE);
  return z.strictObject({
    skill_name: skillNameField,
    script_path: z
      .string()
      .refine(noNul, NUL_MESSAGE)
      .describe(
        "Path of the script inside the skill folder, relative, e.g. scripts/report.py. Must end in .py, .sh, .js, .mjs or .cjs.",
      ),
    args: z
      .array(arg)
      .max(limits.maxArgs, `at most ${limits.maxArgs} arguments are allowed`)
      .refine(
        (values) =>
          values.reduce((sum, v) => sum + utf8.encode(v).byteLength, 0) <= limits.maxArgsBytes,
        `all arguments together may be at most ${limits.maxArgsBytes} bytes (UTF-8)`,
      )
      .optional()
      .describe(
        "Command-line arguments, one entry per argument, passed literally (no shell quoting or expansion).",
      ),
  });
}

export type RunSkillScriptArgs = z.infer<ReturnType<typeof runSkillScriptArgsSchema>>;

const EXPECTED: Readonly<Record<string, string>> = {
  array: "an array of strings",
  object: "a JSON object",
};

/** Readable one-line summary of a zod failure, naming each offending field. */
export function describeArgumentErrors(error: z.ZodError): string {
  const parts = error.issues.map((issue) => {
    if (issue.code === "unrecognized_keys") {
      return `unexpected argument${issue.keys.length === 1 ? "" : "s"} ${issue.keys.map((k) => `"${k}"`).join(", ")}`;
    }
    const field = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : String(p))).join(".");
    const where = field.replace(/\.\[/g, "[") || "arguments";
    if (issue.code === "invalid_type") {
      return issue.input === undefined
        ? `${where} is required`
        : `${where} must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`}`;
    }
    return `${where} ${issue.message}`;
  });
  return `Invalid arguments: ${parts.join("; ")}`;
}
