import { z } from "zod";
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

/** Both tool definitions; the JSON Schemas are derived from the zod schemas that check calls. */
export function toolDefinitions(limits: ToolLimits = DEFAULT_TOOL_LIMITS): ToolDefinition[] {
  return [
    {
      name: GET_SKILL_INSTRUCTIONS,
      description: DESCRIPTIONS[GET_SKILL_INSTRUCTIONS],
      parameters: toParameters(getSkillInstructionsArgsSchema),
    },
    {
      name: RUN_SKILL_SCRIPT,
      description: DESCRIPTIONS[RUN_SKILL_SCRIPT],
      parameters: toParameters(runSkillScriptArgsSchema(limits)),
    },
  ];
}
