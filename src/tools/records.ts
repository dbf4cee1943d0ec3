import type { ToolName } from "./schemas";

/** One skill tool call as stored on an assistant turn (`metadata.skillToolCalls`, CONTRACT §5). */
export interface SkillToolCallRecord {
  tool: ToolName;
  skill: string;
  script?: string;
  arguments: Record<string, unknown>;
  exitCode?: number;
  /** The first 4 KiB (UTF-8) of what the call produced. */
  output: string;
}

/** Usage counters (CONTRACT §5). */
export interface Usage {
  skill_execution: number;
}

export const RECORD_OUTPUT_BYTES = 4096;

/** The longest beginning of `text` that fits in `maxBytes` of UTF-8 without splitting a character. */
export function utf8Prefix(text: string, maxBytes: number = RECORD_OUTPUT_BYTES): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size =
      char.codePointAt(0)! < 0x80
        ? 1
        : char.codePointAt(0)! < 0x800
          ? 2
          : char.length === 2
            ? 4
            : 3;
    if (bytes + size > maxBytes) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
