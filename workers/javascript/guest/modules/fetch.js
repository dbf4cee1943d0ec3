// fetch and its Headers, Request and Response, as undici shapes them. The API is there, the
// network is not: a request goes over node:http, so it reaches only the run's own loopback
// servers. Internal: node.js puts them on globalThis.
const { Buffer } = require("buffer");
const { URL } = require("url");
const { AbortSignal } = require("internal/web_globals");

class Headers {
  constructor(init) {
    Object.defineProperty(this, "_map", { value: new Map() });
    const entries =
      init instanceof Headers
        ? init.entries()
        : Array.isArray(init)
          ? init
          : Object.entries(init ?? {});
    for (const [name, value] of entries) this.append(name, value);
  }
  append(name, value) {
    const key = String(name).toLowerCase();
    const current = this._map.get(key);
    this._map.set(key, current === undefined ? String(value) : `${current}, ${value}`);
  }
  set(name, value) {
    this._map.set(String(name).toLowerCase(), String(value));
  }
  get(name) {
    return this._map.get(String(name).toLowerCase()) ?? null;
  }
  has(name) {
    return this._map.has(String(name).toLowerCase());
  }
  delete(name) {
    this._map.delete(String(name).toLowerCase());
  }
  forEach(callback, thisArg) {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
  *entries() {
    yield* [...this._map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  *keys() {
    for (const [key] of this.entries()) yield key;
  }
  *values() {
    for (const [, value] of this.entries()) yield value;
  }
  [Symbol.iterator]() {
    return this.entries();
  }
}

/** A body held in memory, read once, as the fetch API's Body mixin reads it. */
class Body {
  constructor(body) {
    Object.defineProperty(this, "_body", {
      value: body === undefined || body === null ? null : body,
      writable: true,
    });
    this.bodyUsed = false;
  }
  _bytes() {
    if (this.bodyUsed)
      return Promise.reject(new TypeError("Body is unusable: Body has already been read"));
    this.bodyUsed = true;
    const body = this._body;
    if (body === null) return Promise.resolve(Buffer.alloc(0));
    if (typeof body === "string") return Promise.resolve(Buffer.from(body));
    if (body instanceof ArrayBuffer) return Promise.resolve(Buffer.from(body));
    if (ArrayBuffer.isView(body))
      return Promise.resolve(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    return Promise.resolve(Buffer.from(String(body)));
  }
  async text() {
    return (await this._bytes()).toString("utf8");
  }
  async json() {
    return JSON.parse(await this.text());
  }
  async arrayBuffer() {
    const bytes = await this._bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  }
  get body() {
    return this._body;
  }
}

class Request extends Body {
  constructor(input, init = {}) {
    super(init.body);
    const href = input instanceof Request ? input.url : String(input);
    let url;
    try {
      url = new URL(href);
    } catch (cause) {
      const error = new TypeError(`Failed to parse URL from ${href}`);
      error.cause = cause;
      throw error;
    }
    this.url = url.href;
    this.method = String(
      init.method ?? (input instanceof Request ? input.method : "GET"),
    ).toUpperCase();
    this.headers = new Headers(
      init.headers ?? (input instanceof Request ? input.headers : undefined),
    );
    this.signal = init.signal ?? new AbortSignal();
    this.redirect = init.redirect ?? "follow";
  }
  clone() {
    return new Request(this, { body: this._body });
  }
}

class Response extends Body {
  constructor(body, init = {}) {
    super(body);
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
    this.redirected = false;
    this.type = "default";
    this.url = "";
  }
  clone() {
    return new Response(this._body, this);
  }
  static json(data, init = {}) {
    const headers = new Headers(init.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new Response(JSON.stringify(data), { ...init, headers });
  }
  static error() {
    const response = new Response(null, { status: 0 });
    response.type = "error";
    return response;
  }
  static redirect(url, status = 302) {
    return new Response(null, { status, headers: { location: String(url) } });
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A body as the server encoded it, decoded as undici decodes the encodings it asked for. */
function decoded(body, encoding) {
  if (encoding === "") return body;
  const zlib = require("zlib");
  let bytes = body;
  for (const coding of encoding
    .toLowerCase()
    .split(",")
    .map((c) => c.trim())
    .reverse()) {
    if (coding === "gzip" || coding === "x-gzip") bytes = zlib.gunzipSync(bytes);
    else if (coding === "deflate") bytes = zlib.inflateSync(bytes);
  }
  return bytes;
}

/** One request and its whole answer, over node:http (so on the run's loopback network). */
function exchange(url, method, headers, body, signal) {
  return new Promise((resolve, reject) => {
    const http = require(url.protocol === "https:" ? "https" : "http");
    // undici's own headers, in its order, after the script's.
    const sent = { host: url.host, connection: "keep-alive", ...headers };
    const defaults = [
      ["accept", "*/*"],
      ["accept-language", "*"],
      ["sec-fetch-mode", "cors"],
      ["user-agent", "node"],
      ["accept-encoding", "gzip, deflate"],
    ];
    for (const [name, value] of defaults) if (!(name in sent)) sent[name] = value;
    if (body.length > 0 || !["GET", "HEAD"].includes(method)) sent["content-length"] = body.length;
    const req = http.request({
      hostname: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port || (url.protocol === "https:" ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method,
      headers: sent,
    });
    const onAbort = () => {
      req.destroy();
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort);
    req.on("error", (cause) => {
      signal.removeEventListener("abort", onAbort);
      const error = new TypeError("fetch failed");
      error.cause = cause;
      reject(error);
    });
    req.on("response", (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => {
        signal.removeEventListener("abort", onAbort);
        const pairs = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          pairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        }
        let answer = Buffer.concat(chunks);
        try {
          answer = decoded(answer, String(res.headers["content-encoding"] ?? ""));
        } catch (cause) {
          const error = new TypeError("terminated");
          error.cause = cause;
          reject(error);
          return;
        }
        resolve({ status: res.statusCode, statusText: res.statusMessage, pairs, body: answer });
      });
    });
    req.end(body);
  });
}

/**
 * The fetch API over node:http: a server the run started on a loopback address answers; any
 * other address fails as Node's fetch does with no network, `TypeError: fetch failed` with
 * the connection's error as its cause. Redirects are followed as undici follows them.
 */
async function fetch(input, init) {
  const request = new Request(input, init);
  if (request.signal.aborted) throw request.signal.reason;
  let url = new URL(request.url);
  let method = request.method;
  let body = await request._bytes();
  const headers = {};
  for (const [name, value] of request.headers) headers[name] = value;
  if (typeof request._body === "string" && !("content-type" in headers)) {
    headers["content-type"] = "text/plain;charset=UTF-8";
  }
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      const error = new TypeError("fetch failed");
      error.cause = new Error("not implemented... yet...");
      throw error;
    }
    const answer = await exchange(url, method, headers, body, request.signal);
    const location = answer.pairs.find(([name]) => name.toLowerCase() === "location")?.[1];
    if (REDIRECTS.has(answer.status) && location !== undefined && request.redirect !== "manual") {
      if (request.redirect === "error" || redirects === 20) {
        const error = new TypeError("fetch failed");
        error.cause = new Error(
          redirects === 20 ? "redirect count exceeded" : "unexpected redirect",
        );
        throw error;
      }
      url = new URL(location, url);
      if (answer.status === 303 || (answer.status <= 302 && method === "POST")) {
        method = method === "HEAD" ? "HEAD" : "GET";
        body = Buffer.alloc(0);
        delete headers["content-type"];
      }
      continue;
    }
    const response = new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.pairs,
    });
    response.url = url.href;
    response.redirected = redirects > 0;
    return response;
  }
}

module.exports = { Headers, Request, Response, fetch };
