import { describe, expect, test } from "vitest";
import { checkEndpoint } from "../../src/agent/endpointCheck";
import type { EndpointSettings } from "../../src/agent/providers/provider";

const PAGE = "http://127.0.0.1:4173";
const settings = (change: Partial<EndpointSettings> = {}): EndpointSettings => ({
  protocol: "openai",
  baseUrl: "http://localhost:11434/v1",
  model: "llama3.2",
  apiKey: "",
  stream: true,
  ...change,
});

/** A fetch that answers from `reply`; `cors` makes a readable request fail as the browser does. */
function fakeFetch(reply: () => Response, { cors = false, down = false } = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    if (down || (cors && init?.mode !== "no-cors")) throw new TypeError("Failed to fetch");
    return reply();
  };
  return { fetcher: fetcher as typeof fetch, calls };
}
const models =
  (...ids: string[]) =>
  () =>
    new Response(JSON.stringify({ object: "list", data: ids.map((id) => ({ id })) }));

describe("checkEndpoint", () => {
  test("a server with the model: connected, through GET {base}/models with the key", async () => {
    const { fetcher, calls } = fakeFetch(models("llama3.2:latest", "qwen3:4b"));
    const check = await checkEndpoint(settings({ apiKey: "k1" }), PAGE, fetcher);
    expect(check).toEqual({
      ok: true,
      message: "Connected: llama3.2 is ready at localhost:11434.",
    });
    expect(calls[0]!.url).toBe("http://localhost:11434/v1/models");
    expect(new Headers(calls[0]!.init!.headers).get("authorization")).toBe("Bearer k1");
  });

  test("Anthropic's key header and dated model names", async () => {
    const { fetcher, calls } = fakeFetch(models("claude-sonnet-4-5-20250929"));
    const check = await checkEndpoint(
      settings({
        protocol: "anthropic",
        baseUrl: "https://api.anthropic.com/v1/",
        model: "claude-sonnet-4-5",
        apiKey: "sk",
      }),
      PAGE,
      fetcher,
    );
    expect(check.ok).toBe(true);
    expect(calls[0]!.url).toBe("https://api.anthropic.com/v1/models");
    expect(new Headers(calls[0]!.init!.headers).get("x-api-key")).toBe("sk");
  });

  test("a wrong model name names the models the server has", async () => {
    const { fetcher } = fakeFetch(models("qwen3:4b", "llama3.1:8b"));
    expect(await checkEndpoint(settings({ model: "llama3.3" }), PAGE, fetcher)).toEqual({
      ok: false,
      problem: "model-missing",
      message: "Connected, but the server has no model “llama3.3”. It has: qwen3:4b, llama3.1:8b.",
    });
  });

  test("CORS refused: an opaque answer exists; the message gives Ollama's exact setting", async () => {
    const { fetcher, calls } = fakeFetch(models("llama3.2"), { cors: true });
    const check = await checkEndpoint(settings(), PAGE, fetcher);
    expect(check.problem).toBe("cors");
    expect(check.message).toContain(`OLLAMA_ORIGINS=${PAGE}`);
    expect(calls.map((call) => call.init?.mode)).toEqual([undefined, "no-cors"]);
  });

  test("CORS refused by LM Studio and by an unknown server: their own fixes", async () => {
    const lmStudio = await checkEndpoint(
      settings({ baseUrl: "http://localhost:1234/v1" }),
      PAGE,
      fakeFetch(models(), { cors: true }).fetcher,
    );
    expect(lmStudio.message).toContain("Enable CORS");
    const other = await checkEndpoint(
      settings({ baseUrl: "https://models.example/v1" }),
      PAGE,
      fakeFetch(models(), { cors: true }).fetcher,
    );
    expect(other.message).toContain(`Access-Control-Allow-Origin: ${PAGE}`);
  });

  test("nothing listening: unreachable, with the URL tried", async () => {
    const check = await checkEndpoint(
      settings(),
      PAGE,
      fakeFetch(models(), { down: true }).fetcher,
    );
    expect(check).toEqual({
      ok: false,
      problem: "unreachable",
      message:
        "Nothing answered at http://localhost:11434/v1/models. Is the server running, and is the address right?",
    });
  });

  test("401 without a key asks for one; with a key, says to check it", async () => {
    const refuse = () => new Response("no", { status: 401 });
    const without = await checkEndpoint(settings(), PAGE, fakeFetch(refuse).fetcher);
    expect(without).toMatchObject({ problem: "unauthorized" });
    expect(without.message).toContain("enter an API key");
    const wrong = await checkEndpoint(settings({ apiKey: "x" }), PAGE, fakeFetch(refuse).fetcher);
    expect(wrong.message).toContain("Check the key.");
  });

  test("404, other HTTP errors and a body that is no models list", async () => {
    const notFound = () => new Response("", { status: 404 });
    expect((await checkEndpoint(settings(), PAGE, fakeFetch(notFound).fetcher)).problem).toBe(
      "not-found",
    );
    const broken = () => new Response("", { status: 500, statusText: "Internal Server Error" });
    expect(await checkEndpoint(settings(), PAGE, fakeFetch(broken).fetcher)).toMatchObject({
      problem: "http",
      message: "The server answered HTTP 500 Internal Server Error",
    });
    const html = () => new Response("<html></html>");
    expect((await checkEndpoint(settings(), PAGE, fakeFetch(html).fetcher)).problem).toBe(
      "bad-response",
    );
  });

  test("no request at all for a URL that is not one, or plain http from an https page", async () => {
    const { fetcher, calls } = fakeFetch(models());
    expect(
      (await checkEndpoint(settings({ baseUrl: "localhost:11434" }), PAGE, fetcher)).problem,
    ).toBe("invalid-url");
    const mixed = await checkEndpoint(
      settings({ baseUrl: "http://gpu-box.lan:8000/v1" }),
      "https://skillbox.example",
      fetcher,
    );
    expect(mixed.problem).toBe("mixed-content");
    // Browsers allow http://localhost from an https page.
    const local = await checkEndpoint(
      settings(),
      "https://skillbox.example",
      fakeFetch(models("llama3.2")).fetcher,
    );
    expect(local.ok).toBe(true);
    expect(calls).toEqual([]);
  });
});
