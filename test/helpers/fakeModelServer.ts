import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A tool call the scripted model makes. */
export interface ScriptedCall {
  name: string;
  input: Record<string, unknown>;
}

/** What the scripted model does next, given the conversation's flattened text. */
export type ModelScript = (
  conversation: string,
  lastUser: string,
) => { text: string } | { calls: ScriptedCall[] };

export interface FakeModelServer {
  url: string;
  requests: Record<string, unknown>[];
  close(): Promise<void>;
}

const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers":
    "content-type, authorization, x-api-key, anthropic-version, anthropic-dangerous-direct-browser-access",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
  });
}

function sse(res: ServerResponse, events: { event?: string; data: unknown }[]) {
  res.writeHead(200, { ...CORS, "Content-Type": "text/event-stream" });
  for (const e of events) {
    res.write(
      `${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`,
    );
  }
  res.end();
}

/** Splits text into a few pieces, so streaming is visible. */
const pieces = (text: string) => text.match(/.{1,8}/gs) ?? [];

function chatCompletionsReply(res: ServerResponse, stream: boolean, step: ReturnType<ModelScript>) {
  if ("text" in step) {
    if (!stream) {
      res.writeHead(200, { ...CORS, "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [{ message: { role: "assistant", content: step.text }, finish_reason: "stop" }],
        }),
      );
      return;
    }
    sse(res, [
      ...pieces(step.text).map((p) => ({ data: { choices: [{ delta: { content: p } }] } })),
      { data: "[DONE]" },
    ]);
    return;
  }
  const calls = step.calls.map((c, i) => ({
    id: `call_${Date.now()}_${i}`,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.input) },
  }));
  if (!stream) {
    res.writeHead(200, { ...CORS, "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        choices: [
          {
            message: { role: "assistant", content: null, tool_calls: calls },
            finish_reason: "tool_calls",
          },
        ],
      }),
    );
    return;
  }
  const events = calls.flatMap((call, index) => {
    const args = call.function.arguments;
    return [
      {
        data: {
          choices: [
            {
              delta: {
                tool_calls: [
                  {
                    index,
                    id: call.id,
                    type: "function",
                    function: { name: call.function.name, arguments: "" },
                  },
                ],
              },
            },
          ],
        },
      },
      ...pieces(args).map((p) => ({
        data: { choices: [{ delta: { tool_calls: [{ index, function: { arguments: p } }] } }] },
      })),
    ];
  });
  sse(res, [...events, { data: "[DONE]" }]);
}

function anthropicReply(res: ServerResponse, stream: boolean, step: ReturnType<ModelScript>) {
  const blocks =
    "text" in step
      ? [{ type: "text", text: step.text }]
      : step.calls.map((c, i) => ({
          type: "tool_use",
          id: `toolu_${Date.now()}_${i}`,
          name: c.name,
          input: c.input,
        }));
  if (!stream) {
    res.writeHead(200, { ...CORS, "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        type: "message",
        role: "assistant",
        content: blocks,
        stop_reason: "text" in step ? "end_turn" : "tool_use",
      }),
    );
    return;
  }
  const events: { event: string; data: unknown }[] = [
    {
      event: "message_start",
      data: { type: "message_start", message: { role: "assistant", content: [] } },
    },
  ];
  blocks.forEach((block, index) => {
    if (block.type === "text") {
      events.push({
        event: "content_block_start",
        data: { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      });
      for (const p of pieces((block as { text: string }).text)) {
        events.push({
          event: "content_block_delta",
          data: { type: "content_block_delta", index, delta: { type: "text_delta", text: p } },
        });
      }
    } else {
      const use = block as { id: string; name: string; input: unknown };
      events.push({
        event: "content_block_start",
        data: {
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: use.id, name: use.name, input: {} },
        },
      });
      for (const p of pieces(JSON.stringify(use.input))) {
        events.push({
          event: "content_block_delta",
          data: {
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json: p },
          },
        });
      }
    }
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  sse(res, events);
}

/**
 * A loopback server speaking OpenAI Chat Completions (`/…/chat/completions`) and Anthropic
 * Messages (`/…/messages`), answering from a script. Paths starting with `/status/NNN` answer
 * that HTTP status, `/malformed` answers broken JSON, `/slow` waits 10 s. `GET …/models` lists
 * one model, `test-model`, to a request with the key `good-key` and answers 401 to any other.
 */
export async function startFakeModelServer(script: ModelScript): Promise<FakeModelServer> {
  const requests: Record<string, unknown>[] = [];
  const server = createServer(async (req, res) => {
    if (req.method === "OPTIONS") {
      res.writeHead(204, CORS).end();
      return;
    }
    if (req.method === "GET" && req.url?.endsWith("/models")) {
      requests.push({ path: req.url });
      const authorized = req.headers.authorization === "Bearer good-key";
      res
        .writeHead(authorized ? 200 : 401, { ...CORS, "Content-Type": "application/json" })
        .end(authorized ? '{"object":"list","data":[{"id":"test-model"}]}' : '{"error":"no key"}');
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push({ path: req.url, ...body });
    const status = /^\/status\/(\d{3})\//.exec(req.url ?? "");
    if (status) {
      res
        .writeHead(Number(status[1]), { ...CORS, "Content-Type": "application/json" })
        .end('{"error":{"message":"scripted failure"}}');
      return;
    }
    if (req.url?.startsWith("/malformed/")) {
      res.writeHead(200, { ...CORS, "Content-Type": "application/json" }).end("{not json");
      return;
    }
    if (req.url?.startsWith("/slow/")) await new Promise((resolve) => setTimeout(resolve, 10_000));
    const messages = (body.messages ?? []) as { role: string; content: unknown }[];
    const conversation = JSON.stringify(messages);
    const users = messages.filter((m) => m.role === "user" && typeof m.content === "string");
    const lastUser = String(users.at(-1)?.content ?? "");
    const step = script(conversation, lastUser);
    const stream = body.stream === true;
    if (req.url?.endsWith("/messages")) anthropicReply(res, stream, step);
    else chatCompletionsReply(res, stream, step);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
