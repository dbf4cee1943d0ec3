import { readServerSentEvents } from "../sse";
import { parseToolArguments } from "../toolbox";
import type { ModelReply, TranscriptItem } from "../transcript";
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
const MAX_TOKENS = 4096;

function toMessages(transcript: readonly TranscriptItem[]): Json[] {
  const messages: Json[] = [];
  for (const item of transcript) {
    if (item.role === "user") {
      messages.push({ role: "user", content: item.text });
    } else if (item.role === "assistant") {
      const content: Json[] = item.text ? [{ type: "text", text: item.text }] : [];
      for (const call of item.toolCalls) {
        const parsed = parseToolArguments(call.arguments);
        content.push({
          type: "tool_use",
          id: call.id,
          name: call.name,
          input: parsed.ok ? parsed.value : {},
        });
      }
      messages.push({ role: "assistant", content });
    } else {
      // Tool results go back in a user message; consecutive ones share it.
      const block = {
        type: "tool_result",
        tool_use_id: item.callId,
        content: JSON.stringify(item.result),
        ...("error" in item.result ? { is_error: true } : {}),
      };
      const last = messages.at(-1);
      if (last?.role === "user" && Array.isArray(last.content))
        (last.content as Json[]).push(block);
      else messages.push({ role: "user", content: [block] });
    }
  }
  return messages;
}

interface ContentBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

/** Anthropic's Messages API (works from the browser with the direct-access header). */
export class AnthropicProvider implements ModelProvider {
  constructor(private readonly settings: EndpointSettings) {}

  async complete({
    system,
    transcript,
    tools,
    signal,
    onText,
  }: CompletionRequest): Promise<ModelReply> {
    const url = `${this.settings.baseUrl.replace(/\/+$/, "")}/messages`;
    const headers = endpointHeaders(this.settings);
    const body = {
      model: this.settings.model,
      max_tokens: MAX_TOKENS,
      system,
      messages: toMessages(transcript),
      stream: this.settings.stream,
      ...(tools.length > 0
        ? {
            tools: tools.map((t) => ({
              name: t.name,
              description: t.description,
              input_schema: t.parameters,
            })),
          }
        : {}),
    };
    const response = await postJson(url, headers, body, signal);
    if (!this.settings.stream || !response.body) {
      const json = (await readJson(response)) as { content?: ContentBlock[] };
      if (!Array.isArray(json.content))
        throw new EndpointError("The model endpoint replied without content");
      const text = json.content
        .filter((b) => b.type === "text")
        .map((b) => b.text ?? "")
        .join("");
      if (text) onText(text);
      return {
        text,
        toolCalls: json.content
          .filter((b) => b.type === "tool_use")
          .map((b) => ({ id: b.id ?? "", name: b.name ?? "", arguments: b.input ?? {} })),
      };
    }
    let text = "";
    const blocks: { kind: "text" | "tool"; id: string; name: string; json: string }[] = [];
    for await (const event of readServerSentEvents(response.body)) {
      const data = parseEventJson(event.data) as {
        type?: string;
        index?: number;
        content_block?: ContentBlock;
        delta?: { type?: string; text?: string; partial_json?: string };
        error?: { message?: string };
      };
      if (data.type === "error")
        throw new EndpointError(
          `The model endpoint reported an error: ${data.error?.message ?? "unknown"}`,
        );
      if (data.type === "content_block_start" && data.content_block) {
        const block = data.content_block;
        blocks[data.index ?? blocks.length] = {
          kind: block.type === "tool_use" ? "tool" : "text",
          id: block.id ?? "",
          name: block.name ?? "",
          json: "",
        };
      } else if (data.type === "content_block_delta" && data.delta) {
        if (data.delta.type === "text_delta" && data.delta.text) {
          text += data.delta.text;
          onText(data.delta.text);
        } else if (data.delta.type === "input_json_delta") {
          const block = blocks[data.index ?? 0];
          if (block) block.json += data.delta.partial_json ?? "";
        }
      } else if (data.type === "message_stop") {
        break;
      }
    }
    return {
      text,
      toolCalls: blocks
        .filter((b) => b?.kind === "tool")
        .map((b) => ({ id: b.id, name: b.name, arguments: b.json || "{}" })),
    };
  }
}
