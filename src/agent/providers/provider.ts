import type { ToolDefinition } from "../../tools/definitions";
import type { ModelReply, TranscriptItem } from "../transcript";

/** Where a model lives and how to reach it. */
export interface EndpointSettings {
  /**
   * `openai` for any OpenAI-compatible Chat Completions server, `anthropic`, or `local` for a
   * model running in this tab (no server; `baseUrl` and `apiKey` unused).
   */
  protocol: "openai" | "anthropic" | "local";
  baseUrl: string;
  /** The model's name at the endpoint; for `local`, the id of a stored model. */
  model: string;
  apiKey: string;
  stream: boolean;
}

export interface CompletionRequest {
  system: string;
  transcript: readonly TranscriptItem[];
  tools: readonly ToolDefinition[];
  signal: AbortSignal;
  /** Called with each piece of text as it streams in. */
  onText: (delta: string) => void;
}

/** One protocol's way of getting a reply from a model. */
export interface ModelProvider {
  complete(request: CompletionRequest): Promise<ModelReply>;
}

/** The headers that carry the key (and, for Anthropic, its version and browser consent). */
export function endpointHeaders(settings: EndpointSettings): Record<string, string> {
  if (settings.protocol === "anthropic") {
    return {
      "x-api-key": settings.apiKey,
      "anthropic-version": "2023-06-01",
      "anthropic-dangerous-direct-browser-access": "true",
    };
  }
  return settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {};
}

/** A failure talking to the endpoint, worded for the person in the chat. */
export class EndpointError extends Error {
  override name = "EndpointError";
}

const STATUS_HINTS: Readonly<Record<number, string>> = {
  401: "the API key was refused",
  403: "access was refused",
  404: "the model or URL was not found",
  429: "rate limited; wait and try again",
};

/** POSTs JSON and turns every way it can fail into an {@link EndpointError}. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new EndpointError(`Could not reach ${url}: ${(error as Error).message}`);
  }
  if (!response.ok) {
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    const hint =
      STATUS_HINTS[response.status] ??
      (response.status >= 500 ? "the server failed" : "the request was refused");
    throw new EndpointError(
      `The model endpoint answered ${response.status} (${hint})${detail ? `: ${detail}` : ""}`,
    );
  }
  return response;
}

/** Parses a JSON response body, or explains that it was not JSON. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new EndpointError(
      `The model endpoint sent a reply that is not valid JSON: ${text.slice(0, 200)}`,
    );
  }
}

export function parseEventJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    throw new EndpointError(
      `The model endpoint streamed an event that is not valid JSON: ${data.slice(0, 200)}`,
    );
  }
}
