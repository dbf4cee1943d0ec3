import type { SkillToolCallRecord } from "../tools/records";
import type { ToolResult } from "../tools/skillTools";
import { EndpointError, type ModelProvider } from "./providers/provider";
import { type AgentToolbox, parseToolArguments } from "./toolbox";
import type { TranscriptItem } from "./transcript";

export const DEFAULT_MAX_STEPS = 8;

const BASE_INSTRUCTIONS =
  "You are a helpful assistant running in the user's browser. Use your skills when they fit the task.";

export interface TurnOptions {
  provider: ModelProvider;
  toolbox: AgentToolbox;
  /** The conversation so far, ending with the user's new message; the turn appends to it. */
  transcript: TranscriptItem[];
  signal: AbortSignal;
  maxSteps?: number;
  /** Called whenever the transcript grows or streamed text arrives. */
  onUpdate?: (transcript: readonly TranscriptItem[], streamingText: string) => void;
}

export interface TurnOutcome {
  /** Set when the turn ended on an endpoint error; the transcript carries the same words. */
  error?: string;
  cancelled: boolean;
}

/**
 * One assistant turn: ask the model, run the tool calls it makes through the sandbox (several per
 * step allowed), feed the results back, until it answers in text or the step limit is reached.
 * Never throws: endpoint errors and cancellation end the turn with a message.
 */
export async function runTurn(options: TurnOptions): Promise<TurnOutcome> {
  const { provider, toolbox, transcript, signal } = options;
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const records: SkillToolCallRecord[] = [];
  const update = (streaming = "") => options.onUpdate?.(transcript, streaming);
  let outcome: TurnOutcome = { cancelled: false };
  try {
    const lines = await toolbox.instructionLines();
    const notes = (await toolbox.skillNoteLines?.()) ?? [];
    const system = [BASE_INSTRUCTIONS, ...lines, ...notes].join("\n");
    const tools = await toolbox.definitions();
    for (let step = 0; ; step++) {
      let streamed = "";
      const reply = await provider.complete({
        system,
        transcript,
        tools,
        signal,
        onText: (delta) => {
          streamed += delta;
          update(streamed);
        },
      });
      transcript.push({ role: "assistant", text: reply.text, toolCalls: reply.toolCalls });
      update();
      if (reply.toolCalls.length === 0) break;
      for (const call of reply.toolCalls) {
        const parsed = parseToolArguments(call.arguments);
        let result: ToolResult;
        if (parsed.ok) {
          const called = await toolbox.callRecorded(call.name, parsed.value, signal);
          result = called.result;
          if (called.record) records.push(called.record);
        } else {
          result = { error: parsed.error };
        }
        transcript.push({ role: "tool", callId: call.id, name: call.name, result });
        update();
      }
      if (signal.aborted) throw new DOMException("cancelled", "AbortError");
      if (step + 1 >= maxSteps) {
        transcript.push({
          role: "assistant",
          text: `(Stopped after ${maxSteps} tool steps without a final answer.)`,
          toolCalls: [],
        });
        break;
      }
    }
  } catch (error) {
    if (signal.aborted) {
      outcome = { cancelled: true };
      transcript.push({ role: "assistant", text: "(Cancelled.)", toolCalls: [] });
    } else {
      const message =
        error instanceof EndpointError
          ? error.message
          : `The turn failed: ${(error as Error).message ?? String(error)}`;
      outcome = { error: message, cancelled: false };
      transcript.push({ role: "assistant", text: `⚠ ${message}`, toolCalls: [] });
    }
  }
  const last = transcript.at(-1);
  if (last?.role === "assistant") last.metadata = { skillToolCalls: records };
  update();
  return outcome;
}
