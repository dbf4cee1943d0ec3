// node:http — HTTP over a network the sandbox does not have: a request fails as Node's does
// offline (its 'error' event), a server cannot listen; the constants and classes are there.
const EventEmitter = require("events");
const { Readable, Writable } = require("stream");
const net = require("net");
const { connectError } = __skillbox;

const STATUS_CODES = {
  100: "Continue",
  101: "Switching Protocols",
  102: "Processing",
  103: "Early Hints",
  200: "OK",
  201: "Created",
  202: "Accepted",
  203: "Non-Authoritative Information",
  204: "No Content",
  205: "Reset Content",
  206: "Partial Content",
  300: "Multiple Choices",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  411: "Length Required",
  412: "Precondition Failed",
  413: "Payload Too Large",
  414: "URI Too Long",
  415: "Unsupported Media Type",
  416: "Range Not Satisfiable",
  417: "Expectation Failed",
  418: "I'm a Teapot",
  422: "Unprocessable Entity",
  425: "Too Early",
  426: "Upgrade Required",
  428: "Precondition Required",
  429: "Too Many Requests",
  431: "Request Header Fields Too Large",
  451: "Unavailable For Legal Reasons",
  500: "Internal Server Error",
  501: "Not Implemented",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
  505: "HTTP Version Not Supported",
};
const METHODS = [
  "ACL",
  "BIND",
  "CHECKOUT",
  "CONNECT",
  "COPY",
  "DELETE",
  "GET",
  "HEAD",
  "LINK",
  "LOCK",
  "M-SEARCH",
  "MERGE",
  "MKACTIVITY",
  "MKCALENDAR",
  "MKCOL",
  "MOVE",
  "NOTIFY",
  "OPTIONS",
  "PATCH",
  "POST",
  "PROPFIND",
  "PROPPATCH",
  "PURGE",
  "PUT",
  "QUERY",
  "REBIND",
  "REPORT",
  "SEARCH",
  "SOURCE",
  "SUBSCRIBE",
  "TRACE",
  "UNBIND",
  "UNLINK",
  "UNLOCK",
  "UNSUBSCRIBE",
];

class Agent extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = options;
    this.defaultPort = options.defaultPort ?? 80;
    this.protocol = options.protocol ?? "http:";
    this.keepAlive = options.keepAlive === true;
    this.maxSockets = options.maxSockets ?? Infinity;
    this.sockets = {};
    this.requests = {};
    this.freeSockets = {};
  }
  destroy() {}
}

const globalAgent = new Agent({ defaultPort: 80, protocol: "http:" });

/** Reads request(url?, options?, callback?) as Node does; the agent gives the scheme's port. */
function requestTarget(args) {
  let options = {};
  let callback;
  for (const arg of args) {
    if (typeof arg === "function") callback = arg;
    else if (typeof arg === "string" || arg instanceof URL) {
      const url = new URL(String(arg));
      options = {
        ...options,
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        port: url.port,
        path: `${url.pathname}${url.search}`,
      };
    } else if (arg && typeof arg === "object") options = { ...options, ...arg };
  }
  const agent = options.agent || options._defaultAgent || globalAgent;
  const host =
    options.hostname ?? (options.host ? String(options.host).split(":")[0] : "localhost");
  const port = Number(options.port) || options.defaultPort || agent.defaultPort;
  return { options, callback, host, port, protocol: options.protocol ?? agent.protocol };
}

class ClientRequest extends Writable {
  constructor(...args) {
    super();
    const { options, callback, host, port, protocol } = requestTarget(args);
    this.method = String(options.method ?? "GET").toUpperCase();
    this.path = options.path ?? "/";
    this.host = host;
    this.protocol = protocol;
    this.headers = Object.create(null);
    for (const [k, v] of Object.entries(options.headers ?? {})) this.headers[k.toLowerCase()] = v;
    this.aborted = false;
    this.reusedSocket = false;
    if (callback) this.once("response", callback);
    process.nextTick(() => {
      if (!this.destroyed) this.destroy(connectError(host, port));
    });
  }
  _write(_chunk, _encoding, callback) {
    callback();
  }
  setHeader(name, value) {
    this.headers[String(name).toLowerCase()] = value;
    return this;
  }
  getHeader(name) {
    return this.headers[String(name).toLowerCase()];
  }
  getHeaders() {
    return { ...this.headers };
  }
  getHeaderNames() {
    return Object.keys(this.headers);
  }
  hasHeader(name) {
    return String(name).toLowerCase() in this.headers;
  }
  removeHeader(name) {
    delete this.headers[String(name).toLowerCase()];
  }
  flushHeaders() {}
  setTimeout(_ms, callback) {
    if (typeof callback === "function") this.once("timeout", callback);
    return this;
  }
  setNoDelay() {}
  setSocketKeepAlive() {}
  abort() {
    this.aborted = true;
    this.destroy();
  }
}

class IncomingMessage extends Readable {
  _read() {}
}

class ServerResponse extends Writable {
  _write(_chunk, _encoding, callback) {
    callback();
  }
}

class Server extends net.Server {
  get _connectionEvent() {
    return "request";
  }
  setTimeout() {
    return this;
  }
  closeAllConnections() {}
  closeIdleConnections() {}
}

function request(...args) {
  return new ClientRequest(...args);
}

function get(...args) {
  const req = request(...args);
  req.end();
  return req;
}

module.exports = {
  Agent,
  ClientRequest,
  IncomingMessage,
  ServerResponse,
  OutgoingMessage: Writable,
  Server,
  STATUS_CODES,
  METHODS,
  globalAgent,
  maxHeaderSize: 16384,
  request,
  get,
  createServer: (...args) => new Server(...args),
  validateHeaderName(name) {
    if (typeof name !== "string" || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
      const error = new TypeError(`Header name must be a valid HTTP token ["${name}"]`);
      error.code = "ERR_INVALID_HTTP_TOKEN";
      throw error;
    }
  },
  validateHeaderValue(name, value) {
    if (value === undefined) {
      const error = new TypeError(`Invalid value "${value}" for header "${name}"`);
      error.code = "ERR_HTTP_INVALID_HEADER_VALUE";
      throw error;
    }
  },
  setMaxIdleHTTPParsers() {},
};
