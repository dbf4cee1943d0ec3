import { jsonSchema, type Tool, tool } from "ai";
import type { ToolResult } from "../tools/skillTools";
import type { AgentToolbox } from "./toolbox";

/**
 * The skill tools for the Vercel AI SDK (`generateText`, `streamText`, agents): the same JSON
 * Schemas and the same contract JSON as every other export.
 */
export async function aiSdkTools(
  box: AgentToolbox,
): Promise<Record<string, Tool<unknown, ToolResult>>> {
  const tools: Record<string, Tool<unknown, ToolResult>> = {};
  for (const definition of await box.definitions()) {
    tools[definition.name] = tool({
      description: definition.description,
      inputSchema: jsonSchema<unknown>(definition.parameters),
      execute: (input, { abortSignal }) => box.call(definition.name, input, abortSignal),
    });
  }
  return tools;
}
