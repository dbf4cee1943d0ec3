import { Template } from "@huggingface/jinja";
import type { ToolDefinition } from "../../tools/definitions";
import type { TranscriptItem } from "../transcript";

/** What a model file says about how to talk to it. */
export interface PromptFormat {
  /** The Jinja chat template from the GGUF (`tokenizer.chat_template`), if it has one. */
  chatTemplate: string | null;
  bosToken: string;
  eosToken: string;
  /** Whether the engine adds the BOS token itself, so the prompt must not start with it. */
  addsBos: boolean;
}

/** For a model file without a template: ChatML, which most small instruction models know. */
const CHATML = [
  "{%- for message in messages %}<|im_start|>{{ message.role }}\n{{ message.content }}",
  "{%- if message.tool_calls %}{% for call in message.tool_calls %}<tool_call>\n",
  '{"name": "{{ call.function.name }}", "arguments": {{ call.function.arguments | tojson }}}\n</tool_call>',
  "{%- endfor %}{% endif %}<|im_end|>\n{% endfor %}",
  "{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif %}",
].join("");

type TemplateMessage = Record<string, unknown>;

function parsedArguments(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The transcript as the OpenAI-style messages chat templates are written for. */
function templateMessages(
  system: string,
  transcript: readonly TranscriptItem[],
): TemplateMessage[] {
  const messages: TemplateMessage[] = system ? [{ role: "system", content: system }] : [];
  for (const item of transcript) {
    if (item.role === "user") messages.push({ role: "user", content: item.text });
    else if (item.role === "tool") {
      messages.push({
        role: "tool",
        name: item.name,
        tool_call_id: item.callId,
        content: JSON.stringify(item.result),
      });
    } else {
      messages.push({
        role: "assistant",
        content: item.text,
        ...(item.toolCalls.length > 0
          ? {
              tool_calls: item.toolCalls.map((call) => ({
                id: call.id,
                type: "function",
                // Templates serialise arguments themselves (`| tojson`): they expect an object.
                function: { name: call.name, arguments: parsedArguments(call.arguments) },
              })),
            }
          : {}),
      });
    }
  }
  return messages;
}

/** Thrown when the model's own chat template cannot render the conversation. */
export class ChatTemplateError extends Error {
  override name = "ChatTemplateError";
}

/**
 * Renders the conversation and the tools through the model's own chat template (as Hugging Face
 * and llama.cpp do: `messages`, `tools`, `add_generation_prompt`, the special tokens), ending
 * where the assistant's reply begins. Reasoning models are asked not to think aloud
 * (`enable_thinking: false`), which small ones do at length.
 */
export function renderChatPrompt(
  format: PromptFormat,
  system: string,
  transcript: readonly TranscriptItem[],
  tools: readonly ToolDefinition[],
): string {
  let template: Template;
  try {
    template = new Template(format.chatTemplate ?? CHATML);
  } catch (error) {
    throw new ChatTemplateError(
      `The model's chat template could not be read: ${(error as Error).message}`,
    );
  }
  let prompt: string;
  try {
    prompt = template.render({
      messages: templateMessages(system, transcript),
      ...(tools.length > 0
        ? {
            tools: tools.map((tool) => ({
              type: "function",
              function: {
                name: tool.name,
                description: tool.description,
                parameters: tool.parameters,
              },
            })),
          }
        : {}),
      add_generation_prompt: true,
      enable_thinking: false,
      bos_token: format.bosToken,
      eos_token: format.eosToken,
    });
  } catch (error) {
    throw new ChatTemplateError(
      `The model's chat template failed on this conversation: ${(error as Error).message}`,
    );
  }
  return format.addsBos && format.bosToken && prompt.startsWith(format.bosToken)
    ? prompt.slice(format.bosToken.length)
    : prompt;
}
