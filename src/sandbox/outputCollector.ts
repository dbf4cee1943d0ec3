import type { NoteMessage, OutputMessage } from "./protocol";

/**
 * Gathers a run's streamed output within a cap: the beginning of stdout and the end of stderr are
 * kept (what the result shaping keeps), everything is counted.
 */
export class OutputCollector {
  private stdout = "";
  private stdoutTotal = 0;
  private stderr = "";
  private stderrTotal = 0;
  private readonly notes: string[] = [];

  constructor(private readonly maxChars: number) {}

  add(message: OutputMessage | NoteMessage): void {
    if (message.type === "note") {
      this.note(message.text);
      return;
    }
    const dropped = message.droppedChars ?? 0;
    if (message.stream === "stdout") {
      this.stdoutTotal += message.text.length + dropped;
      const room = this.maxChars - this.stdout.length;
      if (room > 0) this.stdout += message.text.slice(0, room);
    } else {
      this.stderrTotal += message.text.length + dropped;
      this.stderr += message.text;
      // Trim lazily so a flood of small writes stays linear.
      if (this.stderr.length > 2 * this.maxChars) this.stderr = this.stderr.slice(-this.maxChars);
    }
  }

  /** Records a note from the sandbox itself (timeouts, budgets), apart from the streams. */
  note(text: string): void {
    this.notes.push(text);
  }

  result(): {
    stdout: string;
    stdoutTotalChars: number;
    stderr: string;
    stderrTotalChars: number;
    notes: string[];
  } {
    return {
      notes: [...this.notes],
      stdout: this.stdout,
      stdoutTotalChars: this.stdoutTotal,
      stderr: this.stderr.length > this.maxChars ? this.stderr.slice(-this.maxChars) : this.stderr,
      stderrTotalChars: this.stderrTotal,
    };
  }
}
