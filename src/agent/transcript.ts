import type { SkillToolCallRecord } from "../tools/records";
import type { ToolResult } from "../tools/skillTools";

/** A tool call as the model made it (arguments as sent: JSON text or an object). */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: unknown;
}

/** A conversation, provider-neutral; each provider maps it to its own message format. */
export type TranscriptItem =
  | { role: "user"; text: string }
  | {
      role: "assistant";
      text: string;
      toolCalls: ModelToolCall[];
      /** On the last assistant item of a turn: the turn's skill tool calls (CONTRACT §5). */
      metadata?: { skillToolCalls: SkillToolCallRecord[] };
    }
  | { role: "tool"; callId: string; name: string; result: ToolResult };

/** One model reply: text, and the tools it wants called. */
export interface ModelReply {
  text: string;
  toolCalls: ModelToolCall[];
}
