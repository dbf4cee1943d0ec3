import { anthropicTools, chatCompletionsTools, responsesTools } from "../agent/formats";
import type { AgentToolbox } from "../agent/toolbox";
import { findModelContext, registerWebMcpTools } from "../agent/webMcp";
import type { ToolDefinition } from "../tools/definitions";
import type { ToolResult } from "../tools/skillTools";
import type { AiSdkTool, BindingOptions, ToolExports } from "./skillbox";

/** What the exports are made from: a Skillbox on this page, or one behind `skillbox/client`. */
export interface ToolSource {
  definitions(binding: BindingOptions): Promise<ToolDefinition[]>;
  instructionLines(binding: BindingOptions): Promise<string[]>;
  call(toolName: string, args: unknown, binding: BindingOptions): Promise<ToolResult>;
  subscribe(listener: () => void): () => void;
}

function toolbox(source: ToolSource, binding: BindingOptions): AgentToolbox {
  const call = (toolName: string, args: unknown) => source.call(toolName, args, binding);
  return {
    definitions: () => source.definitions(binding),
    instructionLines: () => source.instructionLines(binding),
    call,
    callRecorded: async (toolName, args) => ({ result: await call(toolName, args) }),
  };
}

/** The two tools in every format, made once for both kinds of Skillbox. */
export function toolExports(source: ToolSource): ToolExports {
  return {
    definitions: (binding = {}) => source.definitions(binding),
    instructionLines: (binding = {}) => source.instructionLines(binding),
    call: (toolName, args, binding = {}) => source.call(toolName, args, binding),
    openAIChatCompletions: (binding = {}) => chatCompletionsTools(toolbox(source, binding)),
    openAIResponses: (binding = {}) => responsesTools(toolbox(source, binding)),
    anthropic: (binding = {}) => anthropicTools(toolbox(source, binding)),
    async aiSdk(jsonSchema, binding = {}) {
      const exported: Record<string, AiSdkTool<ReturnType<typeof jsonSchema>>> = {};
      for (const definition of await source.definitions(binding)) {
        exported[definition.name] = {
          description: definition.description,
          inputSchema: jsonSchema(definition.parameters),
          execute: (input) => source.call(definition.name, input, binding),
        };
      }
      return exported;
    },
    async registerWebMcp(context = findModelContext(), binding = {}) {
      const box = toolbox(source, binding);
      let registered = JSON.stringify(await box.definitions());
      let unregister = await registerWebMcpTools(box, context);
      // One registration at a time, so a quick run of changes cannot interleave them.
      let queue = Promise.resolve();
      const reregister = () => {
        queue = queue.then(async () => {
          const now = JSON.stringify(await box.definitions());
          if (now === registered) return;
          registered = now;
          unregister();
          unregister = await registerWebMcpTools(box, context);
        });
      };
      const unsubscribe = source.subscribe(reregister);
      return () => {
        unsubscribe();
        void queue.then(() => unregister());
      };
    },
  };
}
