import { renderChatPrompt } from "../local/chatPrompt";
import { asEndpointError, type LocalModels } from "../local/localModels";
import { readModelReply, visibleText } from "../local/modelReply";
import { toolReplyGrammar } from "../local/toolGrammar";
import type { ModelReply } from "../transcript";
import type { CompletionRequest, ModelProvider } from "./provider";

/** Tokens one reply may take: a tool call or an answer, well inside the engine's context. */
const MAX_REPLY_TOKENS = 1024;

/**
 * A model running in this tab (llama.cpp in WebAssembly, in its own worker). The conversation and
 * the tools go through the model's own chat template; its reply is constrained by a grammar built
 * from the tools' JSON Schemas to text or one valid call, which this provider turns into the
 * reply. The engine's own tool-call mode is not used: it did not engage reliably across templates.
 */
export class LocalModelProvider implements ModelProvider {
  constructor(
    private readonly models: LocalModels,
    private readonly modelId: string,
  ) {}

  async complete({
    system,
    transcript,
    tools,
    signal,
    onText,
  }: CompletionRequest): Promise<ModelReply> {
    try {
      const model = await this.models.prepare(this.modelId);
      const prompt = renderChatPrompt(model, system, transcript, tools);
      let shown = "";
      const generation = await this.models.engine.generate({
        prompt,
        grammar: toolReplyGrammar(tools),
        maxTokens: MAX_REPLY_TOKENS,
        signal,
        onProgress: (generated) => {
          const text = visibleText(generated);
          if (text !== undefined && text.length > shown.length) {
            onText(text.slice(shown.length));
            shown = text;
          }
        },
      });
      // Unique across turns: the transcript pairs results with calls by id.
      const reply = readModelReply(generation.text, `call_${crypto.randomUUID().slice(0, 8)}`);
      if (generation.finishReason === "length" && reply.toolCalls.length === 0) {
        const note = `\n\n(The reply stopped at the length limit of ${MAX_REPLY_TOKENS} tokens.)`;
        onText(note);
        return { ...reply, text: `${reply.text}${note}` };
      }
      return reply;
    } catch (error) {
      throw asEndpointError(error);
    }
  }
}
