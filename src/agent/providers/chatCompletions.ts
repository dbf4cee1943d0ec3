import { readServerSentEvents } from "../sse";
import type { ModelReply, ModelToolCall, TranscriptItem } from "../transcript";
import {
  type CompletionRequest,
  EndpointError,
  type EndpointSettings,
  endpointHeaders,
  type ModelProvider,
  parseEventJson,
  postJson,
  readJson,
} from "./provider";

type Json = Record<string, unknown>;

function toMessages(system: string, transcript: readonly TranscriptItem[]): Json[] {
  const messages: Json[] = system ? [{ role: "system", content: system }] : [];
  for (const item of transcript) {
    if (item.role === "user") messages.push({ role: "user", content: item.text });
    else if (item.role === "tool") {
      messages.push({
        role: "tool",
        tool_call_id: item.callId,
        content: JSON.stringify(item.result),
      });
    } else {
      messages.push({
        role: "assistant",
        content: item.text || null,
        ...(item.toolCalls.length > 0
          ? {
              tool_calls: item.toolCalls.map((call) => ({
                id: call.id,
                type: "function",
                function: {
                  name: call.name,
                  arguments:
                    typeof call.arguments === "string"
                      ? call.arguments
                      : JSON.stringify(call.arguments),
                },
              })),
            }
          : {}),
      });
    }
  }
  return messages;
}

interface ChatToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/** Any OpenAI-compatible Chat Completions server: OpenAI, Ollama, LM Studio, llama.cpp, vLLM. */
export class ChatCompletionsProvider implements ModelProvider {
  constructor(private readonly settings: EndpointSettings) {}

  async complete({
    system,
    transcript,
    tools,
    signal,
    onText,
  }: CompletionRequest): Promise<ModelReply> {
    const url = `${this.settings.baseUrl.replace(/\/+$/, "")}/chat/completions`;
    const headers = endpointHeaders(this.settings);
    const body = {
      model: this.settings.model,
      messages: toMessages(system, transcript),
      stream: this.settings.stream,
      ...(tools.length > 0
        ? {
            tools: tools.map((t) => ({
              type: "function",
              function: { name: t.name, description: t.description, parameters: t.parameters },
            })),
          }
        : {}),
    };
    const response = await postJson(url, headers, body, signal);
    if (!this.settings.stream || !response.body) {
      const json = (await readJson(response)) as {
        choices?: { message?: { content?: string | null; tool_calls?: ChatToolCallDelta[] } }[];
      };
      const message = json.choices?.[0]?.message;
      if (!message) throw new EndpointError("The model endpoint replied without a message");
      if (message.content) onText(message.content);
      return {
        text: message.content ?? "",
        toolCalls: (message.tool_calls ?? []).map((c, i) => ({
          id: c.id ?? `call_${i}`,
          name: c.function?.name ?? "",
          arguments: c.function?.arguments ?? "",
        })),
      };
    }
    let text = "";
    const calls: ModelToolCall[] = [];
    for await (const event of readServerSentEvents(response.body)) {
      if (event.data === "[DONE]") break;
      const chunk = parseEventJson(event.data) as {
        choices?: { delta?: { content?: string | null; tool_calls?: ChatToolCallDelta[] } }[];
        error?: { message?: string };
      };
      if (chunk.error)
        throw new EndpointError(
          `The model endpoint reported an error: ${chunk.error.message ?? "unknown"}`,
        );
      const delta = chunk.choices?.[0]?.delta;
      if (delta?.content) {
        text += delta.content;
        onText(delta.content);
      }
      for (const part of delta?.tool_calls ?? []) {
        const index = part.index ?? calls.length;
        calls[index] ??= { id: part.id ?? `call_${index}`, name: "", arguments: "" };
        const call = calls[index]!;
        if (part.id) call.id = part.id;
        if (part.function?.name) call.name += part.function.name;
        if (part.function?.arguments)
          call.arguments = `${call.arguments as string}${part.function.arguments}`;
      }
    }
    return { text, toolCalls: calls.filter(Boolean) };
  }
}
