/** One server-sent event: its name (if any) and its data lines joined. */
export interface ServerSentEvent {
  event?: string;
  data: string;
}

/** Parses a `text/event-stream` body into events as they arrive. */
export async function* readServerSentEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event: string | undefined;
  let data: string[] = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      const line = buffer.slice(0, newline).replace(/\r$/, "");
      buffer = buffer.slice(newline + 1);
      if (line === "") {
        if (data.length > 0) yield { ...(event ? { event } : {}), data: data.join("\n") };
        event = undefined;
        data = [];
      } else if (line.startsWith("data:")) {
        data.push(line.slice(5).replace(/^ /, ""));
      } else if (line.startsWith("event:")) {
        event = line.slice(6).trim();
      }
      newline = buffer.indexOf("\n");
    }
  }
  if (data.length > 0) yield { ...(event ? { event } : {}), data: data.join("\n") };
}
