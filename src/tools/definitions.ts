import { z } from "../zod.ts";
import { DEFAULT_TOOL_LIMITS, type ToolLimits } from "./limits";
import {
  GET_SKILL_INSTRUCTIONS,
  getSkillInstructionsArgsSchema,
  RUN_SKILL_SCRIPT,
  runSkillScriptArgsSchema,
  type ToolName,
} from "./schemas";

/** JSON Schema of a tool's parameters, derived from its zod schema. */
export type JsonSchema = Record<string, unknown>;

/** A tool as a model sees it: the source every export format (OpenAI, Anthropic, …) maps from. */
export interface ToolDefinition {
  name: ToolName;
  description: string;
  parameters: JsonSchema;
}

const DESCRIPTIONS: Readonly<Record<ToolName, string>> = {
  [GET_SKILL_INSTRUCTIONS]:
    "Load the full instructions of one of your skills and the list of its files. Call this before " +
    "you use a skill for the first time: the instructions say which script to run, with which " +
    "arguments, and what it returns. skill_name is the exact name from a [skill: NAME] line.",
  [RUN_SKILL_SCRIPT]:
    "Run a script that belongs to one of your skills, in an isolated sandbox with no network, and " +
    "get back JSON with exit_code, stdout, stderr (only when exit_code is not 0), timed_out and " +
    "the download URLs of files the script wrote. The skill's files are the working directory, so " +
    "relative paths like data/input.csv work. Each entry of args is exactly one command-line " +
    "argument, passed literally (no shell quoting or expansion). If a run fails, read stderr and " +
    "fix the arguments.",
};

function toParameters(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema) as JsonSchema;
  return rest;
}

/**
 * `skill_name` limited to the reachable skills' names, as a JSON Schema `enum`: it keeps a small
 * model from inventing names. Only the exported schema carries it; a call naming another skill is
 * still checked by the tools themselves, which answer with the contract's own errors.
 */
function withSkillNames(parameters: JsonSchema, skillNames: readonly string[]): JsonSchema {
  const properties = parameters.properties as Record<string, JsonSchema>;
  return {
    ...parameters,
    properties: {
      ...properties,
      skill_name: { ...properties.skill_name, enum: [...skillNames] },
    },
  };
}

/**
 * Both tool definitions; the JSON Schemas are derived from the zod schemas that check calls.
 * Given the reachable skills' names, `skill_name` lists them.
 */
export function toolDefinitions(
  limits: ToolLimits = DEFAULT_TOOL_LIMITS,
  skillNames?: readonly string[],
): ToolDefinition[] {
  const named = (parameters: JsonSchema) =>
    skillNames ? withSkillNames(parameters, skillNames) : parameters;
  return [
    {
      name: GET_SKILL_INSTRUCTIONS,
      description: DESCRIPTIONS[GET_SKILL_INSTRUCTIONS],
      parameters: named(toParameters(getSkillInstructionsArgsSchema)),
    },
    {
      name: RUN_SKILL_SCRIPT,
      description: DESCRIPTIONS[RUN_SKILL_SCRIPT],
      parameters: named(toParameters(runSkillScriptArgsSchema(limits))),
    },
  ];
}
