import type { OutputMessage } from "../../src/sandbox/protocol";

/**
 * Output is sent as it is written, up to {@link BURST_FLUSHES} messages in any window of this
 * length; past that, writes wait for the window to end. A script that prints a few lines and then
 * blocks (a sleep, a long computation, a child process) has them all shown at once, and a flood
 * of tiny writes still crosses in a few batches a window, not one message each.
 */
const FLUSH_INTERVAL_MS = 20;
const BURST_FLUSHES = 16;
const FLUSH_CHARS = 8192;
/** Bytes decoded at a time, so one huge write never becomes one string past the engine's limit. */
const DECODE_CHUNK_BYTES = 1 << 20;

/**
 * Streams one output stream to the frame while the script runs, batching writes, and keeps no
 * more than the result can hold: the beginning of stdout, the end of stderr. Everything past that
 * is only counted (and reported as `droppedChars`), so no amount of output costs memory or
 * crosses to the frame.
 */
export class OutputStream {
  private buffer = "";
  private sent = 0;
  private dropped = 0;
  private windowStart = Number.NEGATIVE_INFINITY;
  private flushesInWindow = 0;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly stream: "stdout" | "stderr",
    private readonly post: (message: OutputMessage) => void,
    private readonly maxChars: number,
  ) {}

  /** Writes raw bytes (decoded as UTF-8 across calls); returns how many were taken. */
  writeBytes(bytes: Uint8Array): number {
    for (let at = 0; at < bytes.length; at += DECODE_CHUNK_BYTES) {
      this.write(
        this.decoder.decode(bytes.subarray(at, at + DECODE_CHUNK_BYTES), { stream: true }),
      );
    }
    return bytes.length;
  }

  write(text: string): void {
    if (text.length === 0) return;
    if (this.stream === "stdout") this.keepBeginning(text);
    else this.keepEnd(text);
    const now = performance.now();
    if (now - this.windowStart >= FLUSH_INTERVAL_MS) {
      this.windowStart = now;
      this.flushesInWindow = 0;
    }
    if (this.buffer.length >= FLUSH_CHARS || this.flushesInWindow < BURST_FLUSHES) {
      this.flushesInWindow++;
      this.flush();
    }
  }

  private keepBeginning(text: string): void {
    const room = Math.max(0, this.maxChars - this.sent - this.buffer.length);
    if (text.length > room) this.dropped += text.length - room;
    if (room > 0) this.buffer += text.length > room ? text.slice(0, room) : text;
  }

  /** The frame keeps the end of what it is sent, so the end of each batch is all it needs. */
  private keepEnd(text: string): void {
    if (text.length >= this.maxChars) {
      this.dropped += this.buffer.length + text.length - this.maxChars;
      this.buffer = text.slice(text.length - this.maxChars);
      return;
    }
    this.buffer += text;
    // Trimmed past twice the cap, not at it, so a flood of small writes stays linear.
    if (this.buffer.length > 2 * this.maxChars) {
      this.dropped += this.buffer.length - this.maxChars;
      this.buffer = this.buffer.slice(-this.maxChars);
    }
  }

  /** The stream is over: a UTF-8 sequence cut short becomes U+FFFD, and all is sent. */
  end(): void {
    const tail = this.decoder.decode();
    if (tail && this.stream === "stdout") this.keepBeginning(tail);
    else if (tail) this.keepEnd(tail);
    this.flush();
  }

  flush(): void {
    if (this.buffer.length === 0 && this.dropped === 0) return;
    this.post({
      type: "output",
      stream: this.stream,
      text: this.buffer,
      ...(this.dropped > 0 ? { droppedChars: this.dropped } : {}),
    });
    this.sent += this.buffer.length;
    this.buffer = "";
    this.dropped = 0;
  }
}
