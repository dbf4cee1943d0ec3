import type { ModelReply } from "../transcript";

const THINK = /^<think>[^<]*<\/think>[ \n]*/;
const THINK_OPEN = /^<think>[^<]*(<(\/(t(h(i(n(k(>)?)?)?)?)?)?)?)?$/;

/**
 * The part of a reply generated so far that is text to show, or `undefined` while it may still
 * be a tool call (or thinking). Under the tool grammar a reply is a call exactly when its first
 * character after any thinking is `{` or `<`.
 */
export function visibleText(raw: string): string | undefined {
  if (THINK_OPEN.test(raw)) return undefined;
  const body = raw.replace(THINK, "");
  if (body === "" || body.startsWith("{") || body.startsWith("<")) return undefined;
  return body;
}

/** Thrown when a finished generation is a tool call that did not complete. */
export class IncompleteToolCallError extends Error {
  override name = "IncompleteToolCallError";
}

/**
 * A finished generation as a reply: text, or one tool call. The grammar makes a call valid JSON
 * for a real tool; a generation cut off by the token limit is the one way it cannot be, and is
 * reported as such.
 */
export function readModelReply(raw: string, callId: string): ModelReply {
  const body = raw.replace(THINK, "");
  if (!body.startsWith("{") && !body.startsWith("<")) return { text: body.trim(), toolCalls: [] };
  const json = body
    .replace(/^<tool_call>\s*/, "")
    .replace(/\s*<\/tool_call>\s*$/, "")
    .trim();
  let call: { name?: unknown; arguments?: unknown; parameters?: unknown };
  try {
    call = JSON.parse(json) as typeof call;
  } catch {
    throw new IncompleteToolCallError(
      `The model stopped in the middle of a tool call (it reached its length limit): ${body.slice(0, 200)}`,
    );
  }
  const args = call.arguments ?? call.parameters ?? {};
  return {
    text: "",
    toolCalls: [{ id: callId, name: String(call.name ?? ""), arguments: JSON.stringify(args) }],
  };
}
