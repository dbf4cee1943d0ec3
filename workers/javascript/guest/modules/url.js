// node:url — WHATWG URL parsed by the host's URL implementation; URLSearchParams in the guest.
const host = __skillbox.host;

class URLSearchParams {
  constructor(init) {
    this._list = [];
    this._url = null;
    if (init === undefined || init === null) return;
    if (typeof init === "string") {
      this._parse(init);
    } else if (typeof init === "object") {
      const entries = typeof init[Symbol.iterator] === "function" ? init : Object.entries(init);
      for (const pair of entries) {
        const [k, v] = [...pair];
        this._list.push([String(k), String(v)]);
      }
    }
  }

  _parse(query) {
    this._list = [];
    const text = query.startsWith("?") ? query.slice(1) : query;
    for (const piece of text.split("&")) {
      if (piece === "") continue;
      const idx = piece.indexOf("=");
      const k = idx >= 0 ? piece.slice(0, idx) : piece;
      const v = idx >= 0 ? piece.slice(idx + 1) : "";
      this._list.push([decodeComponent(k), decodeComponent(v)]);
    }
  }

  _update() {
    if (this._url) {
      const query = this.toString();
      this._url._set("search", query === "" ? "" : `?${query}`, false);
    }
  }

  get size() {
    return this._list.length;
  }

  append(name, value) {
    this._list.push([String(name), String(value)]);
    this._update();
  }

  delete(name, value) {
    this._list = this._list.filter(
      ([k, v]) => k !== name || (value !== undefined && v !== String(value)),
    );
    this._update();
  }

  get(name) {
    return this._list.find(([k]) => k === name)?.[1] ?? null;
  }

  getAll(name) {
    return this._list.filter(([k]) => k === name).map(([, v]) => v);
  }

  has(name, value) {
    return this._list.some(([k, v]) => k === name && (value === undefined || v === String(value)));
  }

  set(name, value) {
    const index = this._list.findIndex(([k]) => k === name);
    if (index === -1) {
      this._list.push([String(name), String(value)]);
    } else {
      this._list[index][1] = String(value);
      this._list = this._list.filter(([k], i) => k !== name || i === index);
    }
    this._update();
  }

  sort() {
    this._list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    this._update();
  }

  forEach(callback, thisArg) {
    for (const [k, v] of this._list) callback.call(thisArg, v, k, this);
  }

  keys() {
    return this._list.map(([k]) => k)[Symbol.iterator]();
  }

  values() {
    return this._list.map(([, v]) => v)[Symbol.iterator]();
  }

  entries() {
    return this._list.map(([k, v]) => [k, v])[Symbol.iterator]();
  }

  [Symbol.iterator]() {
    return this.entries();
  }

  toString() {
    return this._list.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join("&");
  }

  [Symbol.for("nodejs.util.inspect.custom")](depth, options, inspect) {
    if (this._list.length === 0) return "URLSearchParams {}";
    return `URLSearchParams { ${this._list.map(([k, v]) => `${inspect(k)} => ${inspect(v)}`).join(", ")} }`;
  }
}

function encodeComponent(text) {
  return encodeURIComponent(text)
    .replace(/%20/g, "+")
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeComponent(text) {
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return text;
  }
}

const PARTS = [
  "href",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
  "origin",
];

class URL {
  constructor(input, base) {
    let parsed;
    try {
      parsed = JSON.parse(
        base === undefined
          ? host("urlParse", String(input))
          : host("urlParse", String(input), String(base)),
      );
    } catch {
      const err = new TypeError("Invalid URL");
      err.code = "ERR_INVALID_URL";
      err.input = String(input);
      throw err;
    }
    Object.defineProperty(this, "_parts", { value: parsed, writable: true });
    Object.defineProperty(this, "_params", {
      value: new URLSearchParams(parsed.search),
      writable: true,
    });
    this._params._url = this;
  }

  _set(part, value, refreshParams = true) {
    const parts = { ...this._parts, [part]: value };
    const auth = parts.username
      ? `${parts.username}${parts.password ? `:${parts.password}` : ""}@`
      : "";
    const href =
      part === "href"
        ? value
        : `${parts.protocol}//${auth}${part === "hostname" || part === "port" ? `${parts.hostname}${parts.port ? `:${parts.port}` : ""}` : parts.host}${parts.pathname}${parts.search ? (parts.search.startsWith("?") ? parts.search : `?${parts.search}`) : ""}${parts.hash ? (parts.hash.startsWith("#") ? parts.hash : `#${parts.hash}`) : ""}`;
    this._parts = JSON.parse(host("urlParse", href));
    if (refreshParams) this._params._parse(this._parts.search);
  }

  get searchParams() {
    return this._params;
  }

  toString() {
    return this._parts.href;
  }

  toJSON() {
    return this._parts.href;
  }

  static canParse(input, base) {
    try {
      new URL(input, base);
      return true;
    } catch {
      return false;
    }
  }

  [Symbol.for("nodejs.util.inspect.custom")](depth, options, inspect) {
    const obj = {};
    for (const part of PARTS) obj[part] = this._parts[part];
    obj.searchParams = this._params;
    return `URL ${inspect(obj, options).replace(/^\{/, "{")}`;
  }
}

for (const part of PARTS) {
  Object.defineProperty(URL.prototype, part, {
    get() {
      return this._parts[part];
    },
    set(value) {
      if (part !== "origin") this._set(part, String(value));
    },
    enumerable: true,
    configurable: true,
  });
}

function fileURLToPath(url) {
  const parsed = typeof url === "string" ? new URL(url) : url;
  if (parsed.protocol !== "file:") {
    const err = new TypeError("The URL must be of scheme file");
    err.code = "ERR_INVALID_URL_SCHEME";
    throw err;
  }
  return decodeURIComponent(parsed.pathname);
}

function pathToFileURL(path) {
  const resolved = require("path").resolve(path);
  return new URL(`file://${encodeURI(resolved).replace(/[?#]/g, encodeURIComponent)}`);
}

function format(urlObject) {
  if (urlObject instanceof URL) return urlObject.href;
  const o = urlObject;
  const auth = o.auth ? `${o.auth}@` : "";
  const host = o.host ?? `${o.hostname ?? ""}${o.port ? `:${o.port}` : ""}`;
  const search = o.search ?? (o.query ? `?${require("querystring").stringify(o.query)}` : "");
  return `${o.protocol ? `${o.protocol.replace(/:?$/, ":")}//` : ""}${auth}${host}${o.pathname ?? ""}${search}${o.hash ?? ""}`;
}

function parse(text) {
  const url = new URL(text);
  return {
    protocol: url.protocol,
    slashes: true,
    auth: url.username ? `${url.username}${url.password ? `:${url.password}` : ""}` : null,
    host: url.host,
    port: url.port || null,
    hostname: url.hostname,
    hash: url.hash || null,
    search: url.search || null,
    query: url.search ? url.search.slice(1) : null,
    pathname: url.pathname,
    path: `${url.pathname}${url.search}`,
    href: url.href,
  };
}

/** A domain in ASCII (punycode) form; an invalid domain gives "", as in Node. */
function domainToASCII(domain) {
  try {
    return require("punycode").toASCII(String(domain).toLowerCase());
  } catch {
    return "";
  }
}

function domainToUnicode(domain) {
  try {
    return require("punycode").toUnicode(String(domain).toLowerCase());
  } catch {
    return "";
  }
}

module.exports = {
  URL,
  URLSearchParams,
  fileURLToPath,
  pathToFileURL,
  format,
  parse,
  domainToASCII,
  domainToUnicode,
};
