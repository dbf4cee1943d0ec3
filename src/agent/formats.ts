import { type AgentToolbox, callWithRawArguments } from "./toolbox";

/** OpenAI Chat Completions: `tools` entries and the `role: "tool"` messages that answer calls. */
export interface ChatCompletionsTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
export interface ChatCompletionsToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}
export interface ChatCompletionsToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

export async function chatCompletionsTools(box: AgentToolbox): Promise<ChatCompletionsTool[]> {
  return (await box.definitions()).map(({ name, description, parameters }) => ({
    type: "function",
    function: { name, description, parameters },
  }));
}

export function answerChatCompletionsCalls(
  box: AgentToolbox,
  calls: readonly ChatCompletionsToolCall[],
  signal?: AbortSignal,
): Promise<ChatCompletionsToolMessage[]> {
  return Promise.all(
    calls.map(async (call) => ({
      role: "tool" as const,
      tool_call_id: call.id,
      content: JSON.stringify(
        await callWithRawArguments(box, call.function.name, call.function.arguments, signal),
      ),
    })),
  );
}

/** OpenAI Responses: flat function tools; `function_call` items answered by `function_call_output`. */
export interface ResponsesTool {
  type: "function";
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  strict: false;
}
export interface ResponsesFunctionCall {
  type: "function_call";
  call_id: string;
  name: string;
  arguments: string;
}
export interface ResponsesFunctionCallOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

export async function responsesTools(box: AgentToolbox): Promise<ResponsesTool[]> {
  return (await box.definitions()).map(({ name, description, parameters }) => ({
    type: "function",
    name,
    description,
    parameters,
    strict: false,
  }));
}

export function answerResponsesCalls(
  box: AgentToolbox,
  calls: readonly ResponsesFunctionCall[],
  signal?: AbortSignal,
): Promise<ResponsesFunctionCallOutput[]> {
  return Promise.all(
    calls.map(async (call) => ({
      type: "function_call_output" as const,
      call_id: call.call_id,
      output: JSON.stringify(await callWithRawArguments(box, call.name, call.arguments, signal)),
    })),
  );
}

/** Anthropic Messages: `{ name, description, input_schema }`; `tool_use` answered by `tool_result`. */
export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}
export interface AnthropicToolUse {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
}
export interface AnthropicToolResult {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: true;
}

export async function anthropicTools(box: AgentToolbox): Promise<AnthropicTool[]> {
  return (await box.definitions()).map(({ name, description, parameters }) => ({
    name,
    description,
    input_schema: parameters,
  }));
}

export function answerAnthropicToolUses(
  box: AgentToolbox,
  uses: readonly AnthropicToolUse[],
  signal?: AbortSignal,
): Promise<AnthropicToolResult[]> {
  return Promise.all(
    uses.map(async (use) => {
      const result = await callWithRawArguments(box, use.name, use.input, signal);
      return {
        type: "tool_result" as const,
        tool_use_id: use.id,
        content: JSON.stringify(result),
        ...("error" in result ? { is_error: true as const } : {}),
      };
    }),
  );
}
