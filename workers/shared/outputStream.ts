import type { OutputMessage } from "../../src/sandbox/protocol";

/** Longest a write may sit in the buffer: a run stopped at its limit keeps all but the last bit. */
const FLUSH_INTERVAL_MS = 20;
const FLUSH_CHARS = 8192;

/**
 * Streams one output stream to the frame while the script runs, batching writes. Past
 * `maxChars` it only counts: the frame keeps the beginning of stdout, so sending more is waste.
 * stderr is sent whole (the frame keeps its end).
 */
export class OutputStream {
  private buffer = "";
  private sent = 0;
  private dropped = 0;
  private lastFlush = 0;
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly stream: "stdout" | "stderr",
    private readonly post: (message: OutputMessage) => void,
    private readonly maxChars: number,
  ) {}

  /** Writes raw bytes (decoded as UTF-8 across calls); returns how many were taken. */
  writeBytes(bytes: Uint8Array): number {
    this.write(this.decoder.decode(bytes, { stream: true }));
    return bytes.length;
  }

  write(text: string): void {
    if (text.length === 0) return;
    if (this.stream === "stdout") {
      const room = Math.max(0, this.maxChars - this.sent - this.buffer.length);
      if (text.length > room) {
        this.dropped += text.length - room;
        text = text.slice(0, room);
      }
    }
    this.buffer += text;
    const now = performance.now();
    if (this.buffer.length >= FLUSH_CHARS || now - this.lastFlush >= FLUSH_INTERVAL_MS) {
      this.flush();
    }
  }

  flush(): void {
    this.buffer += this.decoder.decode();
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
    this.lastFlush = performance.now();
  }
}
