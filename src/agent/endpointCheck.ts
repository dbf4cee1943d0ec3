import type { LocalModelsApi } from "./local/localModels";
import { type EndpointSettings, endpointHeaders } from "./providers/provider";

/** What a connection test found; `message` says it to the person, with the fix where known. */
export interface EndpointCheck {
  ok: boolean;
  problem?:
    | "invalid-url"
    | "mixed-content"
    | "unreachable"
    | "cors"
    | "unauthorized"
    | "not-found"
    | "http"
    | "bad-response"
    | "model-missing"
    | "unsupported"
    | "load-failed";
  message: string;
}

const CHECK_TIMEOUT_MS = 8000;

/** How to let this page in, for the servers people run locally (by their default port). */
function corsFix(endpoint: URL, pageOrigin: string): string {
  if (endpoint.port === "11434") {
    return `For Ollama, start it with OLLAMA_ORIGINS=${pageOrigin} (for example \`OLLAMA_ORIGINS=${pageOrigin} ollama serve\`).`;
  }
  if (endpoint.port === "1234") {
    return "For LM Studio, turn on “Enable CORS” in the Developer tab's server settings.";
  }
  if (endpoint.port === "8080") {
    return `For llama.cpp's llama-server, it allows any origin by default; behind a proxy, the proxy must send Access-Control-Allow-Origin: ${pageOrigin}.`;
  }
  return `The server must answer with Access-Control-Allow-Origin: ${pageOrigin} (and allow the Authorization or x-api-key header).`;
}

function modelIds(body: unknown): string[] | null {
  if (typeof body !== "object" || body === null) return null;
  const data = (body as { data?: unknown; models?: unknown }).data;
  if (!Array.isArray(data)) return null;
  return data
    .map((entry) => (entry as { id?: unknown }).id)
    .filter((id): id is string => typeof id === "string");
}

/** `llama3.2` is Ollama's `llama3.2:latest`; `claude-sonnet-4-5` names a dated Anthropic model. */
function hasModel(ids: string[], model: string): boolean {
  return ids.some((id) => id === model || id === `${model}:latest` || id.startsWith(`${model}-`));
}

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    // `localhost:11434` parses as a URL of the scheme "localhost:".
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * Tests an endpoint the way the chat will use it: the models list, with the key. Says exactly
 * what is wrong — nothing answering, an answer this page may not read (CORS) and what to set, a
 * refused key, a wrong URL, or a model name the server does not have (naming those it has).
 */
export async function checkEndpoint(
  settings: EndpointSettings,
  pageOrigin: string = location.origin,
  fetcher: typeof fetch = fetch,
): Promise<EndpointCheck> {
  const endpoint = httpUrl(settings.baseUrl);
  if (!endpoint) {
    return {
      ok: false,
      problem: "invalid-url",
      message: `“${settings.baseUrl}” is not a URL; it looks like http://localhost:11434/v1.`,
    };
  }
  const local = ["localhost", "127.0.0.1", "[::1]"].includes(endpoint.hostname);
  if (pageOrigin.startsWith("https:") && endpoint.protocol === "http:" && !local) {
    return {
      ok: false,
      problem: "mixed-content",
      message: `This page is served over https, so the browser refuses plain http to ${endpoint.host}; use an https URL.`,
    };
  }
  const url = `${settings.baseUrl.replace(/\/+$/, "")}/models`;
  let response: Response;
  try {
    response = await fetcher(url, {
      headers: endpointHeaders(settings),
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch {
    // The browser hides why a request failed; a request this page may not read still reaches a
    // running server, so an opaque answer to one tells "not allowed" from "not there".
    const answered = await fetcher(url, {
      mode: "no-cors",
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    }).then(
      () => true,
      () => false,
    );
    return answered
      ? {
          ok: false,
          problem: "cors",
          message: `${endpoint.origin} answered, but does not allow this page (${pageOrigin}) to read its answers (CORS). ${corsFix(endpoint, pageOrigin)}`,
        }
      : {
          ok: false,
          problem: "unreachable",
          message: `Nothing answered at ${url}. Is the server running, and is the address right?`,
        };
  }
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      problem: "unauthorized",
      message: `The server refused the API key (HTTP ${response.status}). ${settings.apiKey ? "Check the key." : "It needs one: enter an API key."}`,
    };
  }
  if (response.status === 404) {
    return {
      ok: false,
      problem: "not-found",
      message: `${url} does not exist (HTTP 404). The base URL usually ends in /v1.`,
    };
  }
  if (!response.ok) {
    return {
      ok: false,
      problem: "http",
      message: `The server answered HTTP ${response.status} ${response.statusText}`.trim(),
    };
  }
  const ids = modelIds(await response.json().catch(() => null));
  if (ids === null) {
    return {
      ok: false,
      problem: "bad-response",
      message: `${url} answered, but not with a models list; is this the API's base URL?`,
    };
  }
  if (!hasModel(ids, settings.model)) {
    const some = ids.slice(0, 12).join(", ");
    return {
      ok: false,
      problem: "model-missing",
      message: `Connected, but the server has no model “${settings.model}”. ${ids.length > 0 ? `It has: ${some}${ids.length > 12 ? ", …" : ""}.` : "It lists no models."}`,
    };
  }
  return { ok: true, message: `Connected: ${settings.model} is ready at ${endpoint.host}.` };
}

/**
 * The in-browser model's "connection test": loads the chosen stored model into the engine, as
 * the chat will, and says what it is and how long that took, or why it cannot run.
 */
export async function checkLocalModel(models: LocalModelsApi, id: string): Promise<EndpointCheck> {
  const unsupported = await models.unsupported();
  if (unsupported) return { ok: false, problem: "unsupported", message: unsupported };
  try {
    const { model, loadMs } = await models.load(id);
    return {
      ok: true,
      message: `Loaded “${model.name}” (${model.architecture}, ${describeBytes(model.sizeBytes)}) in ${(loadMs / 1000).toFixed(1)} s; it runs in this tab, with no server.`,
    };
  } catch (error) {
    return { ok: false, problem: "load-failed", message: (error as Error).message };
  }
}

/** A size as people read it: 472 KB, 1.2 GB. */
export function describeBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}
