import type { AgentBinding } from "../tools/binding";
import type { ToolDefinition } from "../tools/definitions";
import type { SkillToolCallRecord } from "../tools/records";
import type { SkillTools, ToolResult } from "../tools/skillTools";

/** The two skill tools as one agent sees them: its binding applied to every call. */
export interface AgentToolbox {
  /** Both tools, or none when the agent has no bound, Active skill (CONTRACT §2). */
  definitions(): Promise<ToolDefinition[]>;
  /** The system-prompt lines, one per reachable skill. */
  instructionLines(): Promise<string[]>;
  /**
   * Lines on the reachable skills beyond the contract's (a stated compatibility, an MCP server as
   * origin): the built-in agent adds them to its system prompt; toolboxes made for tool formats
   * have no prompt and omit this.
   */
  skillNoteLines?(): Promise<string[]>;
  call(toolName: string, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
  /** {@link call} with the call's §5 record, for the turn's `metadata.skillToolCalls`. */
  callRecorded(
    toolName: string,
    args: unknown,
    signal?: AbortSignal,
  ): Promise<{ result: ToolResult; record?: SkillToolCallRecord }>;
}

export function agentToolbox(
  tools: SkillTools,
  binding: () => AgentBinding | Promise<AgentBinding>,
): AgentToolbox {
  return {
    definitions: async () => tools.definitions(await binding()),
    instructionLines: async () => tools.instructionLines(await binding()),
    skillNoteLines: async () => tools.skillNoteLines(await binding()),
    call: async (toolName, args, signal) =>
      tools.call(toolName, args, { binding: await binding(), ...(signal ? { signal } : {}) }),
    callRecorded: async (toolName, args, signal) =>
      tools.callRecorded(toolName, args, {
        binding: await binding(),
        ...(signal ? { signal } : {}),
      }),
  };
}

/** Arguments as models send them: a JSON string (OpenAI) or an object (Anthropic, AI SDK). */
export function parseToolArguments(
  raw: unknown,
): { ok: true; value: unknown } | { ok: false; error: string } {
  if (typeof raw !== "string") return { ok: true, value: raw };
  try {
    return { ok: true, value: raw.trim() === "" ? {} : JSON.parse(raw) };
  } catch (error) {
    return { ok: false, error: `Invalid arguments: not valid JSON (${(error as Error).message})` };
  }
}

/** Runs a call whose arguments may still be a JSON string; always resolves to contract JSON. */
export async function callWithRawArguments(
  box: AgentToolbox,
  toolName: string,
  raw: unknown,
  signal?: AbortSignal,
): Promise<ToolResult> {
  const parsed = parseToolArguments(raw);
  return parsed.ok ? box.call(toolName, parsed.value, signal) : { error: parsed.error };
}
