// node:http — HTTP/1.1 over node:net, so on the run's own loopback network: a server listens
// inside the run and a client in the same run reaches it; any other host fails as Node's requests
// fail offline (the request's 'error' event).
const EventEmitter = require("events");
const { Readable, Writable } = require("stream");
const net = require("net");
const {
  MessageReader,
  checkHeader,
  serializeHead,
  chunkFrame,
  isToken,
} = require("internal/http_wire");
const { nodeError } = __skillbox;

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

// Node 20's global agent keeps connections alive, so its requests say so.
const globalAgent = new Agent({ defaultPort: 80, protocol: "http:", keepAlive: true });

// Methods Node sends without a body unless the script writes one (useChunkedEncodingByDefault).
const BODYLESS_METHODS = new Set(["GET", "HEAD", "DELETE", "OPTIONS", "TRACE", "CONNECT"]);
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
        ...(url.username
          ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
          : {}),
      };
    } else if (arg && typeof arg === "object") options = { ...options, ...arg };
  }
  const agent = options.agent || options._defaultAgent || globalAgent;
  const host =
    options.hostname ?? (options.host ? String(options.host).split(":")[0] : "localhost");
  const port = Number(options.port) || options.defaultPort || agent.defaultPort;
  return { options, callback, host, port, protocol: options.protocol ?? agent.protocol };
}

const bodylessStatus = (code) => code === 204 || code === 304 || (code >= 100 && code < 200);

function toBytes(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, encoding);
  if (chunk instanceof Uint8Array)
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw __skillbox.invalidArgType(
    "chunk",
    "of type string or an instance of Buffer or Uint8Array",
    chunk,
  );
}

/**
 * What a request and a response share (lib/_http_outgoing.js): headers kept in the order set, a
 * head built once, and a body framed by Content-Length or chunked encoding, written to the socket.
 */
class OutgoingMessage extends Writable {
  constructor(options) {
    super(options);
    this._headers = new Map();
    this.headersSent = false;
    this.sendDate = false;
    this.chunkedEncoding = false;
    this.useChunkedEncodingByDefault = true;
    this._hasBody = true;
    this._keepAlive = true;
    this._header = null;
    this.socket = null;
    this.connection = null;
  }
  setHeader(name, value) {
    if (this.headersSent) {
      throw nodeError(
        Error,
        "ERR_HTTP_HEADERS_SENT",
        "Cannot set headers after they are sent to the client",
      );
    }
    checkHeader(name, value);
    this._headers.set(name.toLowerCase(), [name, value]);
    return this;
  }
  appendHeader(name, value) {
    const current = this.getHeader(name);
    if (current === undefined) return this.setHeader(name, value);
    return this.setHeader(name, [].concat(current, value));
  }
  getHeader(name) {
    return this._headers.get(String(name).toLowerCase())?.[1];
  }
  getHeaders() {
    const headers = Object.create(null);
    for (const [key, [, value]] of this._headers) headers[key] = value;
    return headers;
  }
  getHeaderNames() {
    return [...this._headers.keys()];
  }
  getRawHeaderNames() {
    return [...this._headers.values()].map(([name]) => name);
  }
  hasHeader(name) {
    return this._headers.has(String(name).toLowerCase());
  }
  removeHeader(name) {
    if (this.headersSent) {
      throw nodeError(
        Error,
        "ERR_HTTP_HEADERS_SENT",
        "Cannot remove headers after they are sent to the client",
      );
    }
    this._headers.delete(String(name).toLowerCase());
  }
  flushHeaders() {
    this._sendHead();
  }
  get finished() {
    return this.writableEnded;
  }
  /** Builds and writes the head once; `wholeBody` is given when end() comes before any write. */
  _sendHead(wholeBody) {
    if (this.headersSent) return;
    this._beforeHead();
    const has = (name) => this._headers.has(name);
    const pairs = [...this._headers.values()];
    const connection = this.getHeader("connection");
    if (connection !== undefined && /\bclose\b/i.test(String(connection))) this._keepAlive = false;
    const framing = [];
    if (!this._hasBody || has("content-length")) {
      // The body is empty by rule, or the script gave its length.
    } else if (has("transfer-encoding")) {
      this.chunkedEncoding = /chunked\s*$/i.test(String(this.getHeader("transfer-encoding")));
    } else if (wholeBody !== undefined) {
      if (this._lengthOnEnd(wholeBody)) framing.push(["Content-Length", wholeBody.length]);
    } else if (this._chunkedByDefault()) {
      framing.push(["Transfer-Encoding", "chunked"]);
      this.chunkedEncoding = true;
    } else if (this._delimitedByClose()) {
      this._keepAlive = false;
    }
    const defaults = this._defaultHeaders(has, connection === undefined);
    this.headersSent = true;
    const head = serializeHead(this._firstLine(), [...pairs, ...defaults, ...framing]);
    this._header = head.toString("latin1");
    Writable.prototype.write.call(this, head);
  }
  _beforeHead() {}
  _delimitedByClose() {
    return false;
  }
  write(chunk, encoding, callback) {
    if (typeof encoding === "function") {
      callback = encoding;
      encoding = undefined;
    }
    if (chunk === null) {
      throw nodeError(TypeError, "ERR_STREAM_NULL_VALUES", "May not write null values to stream");
    }
    if (this.writableEnded) {
      const error = nodeError(Error, "ERR_STREAM_WRITE_AFTER_END", "write after end");
      process.nextTick(() => {
        if (typeof callback === "function") callback(error);
        this.emit("error", error);
      });
      return true;
    }
    const bytes = toBytes(chunk, encoding);
    this._sendHead();
    if (!this._hasBody || bytes.length === 0) {
      if (typeof callback === "function") process.nextTick(callback);
      return true;
    }
    return Writable.prototype.write.call(
      this,
      this.chunkedEncoding ? chunkFrame(bytes) : bytes,
      callback,
    );
  }
  end(chunk, encoding, callback) {
    if (typeof chunk === "function") [chunk, encoding, callback] = [undefined, undefined, chunk];
    else if (typeof encoding === "function") [encoding, callback] = [undefined, encoding];
    if (this.writableEnded) {
      if (typeof callback === "function") process.nextTick(callback);
      return this;
    }
    const bytes =
      chunk === undefined || chunk === null ? Buffer.alloc(0) : toBytes(chunk, encoding);
    this._sendHead(bytes);
    if (bytes.length > 0 && this._hasBody) {
      Writable.prototype.write.call(this, this.chunkedEncoding ? chunkFrame(bytes) : bytes);
    }
    if (this.chunkedEncoding)
      Writable.prototype.write.call(this, Buffer.from("0\r\n\r\n", "latin1"));
    Writable.prototype.end.call(this, callback);
    return this;
  }
  _write(chunk, _encoding, callback) {
    // A peer that has gone away is the connection's news, not an error of this message.
    if (this.socket.destroyed) callback();
    else this.socket.write(chunk, () => callback());
  }
  _attachSocket(socket) {
    this.socket = socket;
    this.connection = socket;
  }
}

class IncomingMessage extends Readable {
  constructor(socket) {
    super();
    this.socket = socket;
    this.connection = socket;
    this.httpVersionMajor = 1;
    this.httpVersionMinor = 1;
    this.httpVersion = "1.1";
    this.complete = false;
    this.aborted = false;
    this.upgrade = false;
    this.headers = {};
    this.rawHeaders = [];
    this.trailers = {};
    this.rawTrailers = [];
    this.url = "";
    this.method = null;
    this.statusCode = null;
    this.statusMessage = null;
  }
  _read() {}
  _fill(head) {
    this.httpVersionMajor = head.versionMajor;
    this.httpVersionMinor = head.versionMinor;
    this.httpVersion = `${head.versionMajor}.${head.versionMinor}`;
    this.headers = head.headers;
    this.rawHeaders = head.rawHeaders;
    return this;
  }
  setTimeout(ms, callback) {
    this.socket?.setTimeout(ms, callback);
    return this;
  }
}

class ServerResponse extends OutgoingMessage {
  constructor(req) {
    super();
    this.req = req;
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.sendDate = true;
    this._http10 = req.httpVersionMajor === 1 && req.httpVersionMinor === 0;
    this._hasBody = req.method !== "HEAD";
    const connection = String(req.headers.connection ?? "");
    this._keepAlive = this._http10 ? false : !/\bclose\b/i.test(connection);
  }
  writeHead(statusCode, reason, headers) {
    if (this.headersSent) {
      throw nodeError(
        Error,
        "ERR_HTTP_HEADERS_SENT",
        "Cannot write headers after they are sent to the client",
      );
    }
    if (typeof reason !== "string") {
      headers = reason;
      reason = undefined;
    }
    const code = Number(statusCode) | 0;
    if (code < 100 || code > 999) {
      throw nodeError(
        RangeError,
        "ERR_HTTP_INVALID_STATUS_CODE",
        `Invalid status code: ${statusCode}`,
      );
    }
    this.statusCode = code;
    if (reason !== undefined) this.statusMessage = reason;
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) this.setHeader(name, value);
      }
    }
    this._sendHead();
    return this;
  }
  writeContinue(callback) {
    this.socket.write("HTTP/1.1 100 Continue\r\n\r\n", "latin1", callback);
  }
  writeProcessing(callback) {
    this.socket.write("HTTP/1.1 102 Processing\r\n\r\n", "latin1", callback);
  }
  _beforeHead() {
    if (bodylessStatus(this.statusCode)) this._hasBody = false;
    this.statusMessage ??= STATUS_CODES[this.statusCode] ?? "unknown";
  }
  _firstLine() {
    return `HTTP/1.1 ${this.statusCode} ${this.statusMessage}`;
  }
  _lengthOnEnd() {
    // An HTTP/1.0 client reads until the connection closes, so Node gives no length.
    return !this._http10;
  }
  _chunkedByDefault() {
    return !this._http10;
  }
  _delimitedByClose() {
    return true;
  }
  _defaultHeaders(has, connectionUnset) {
    const pairs = [];
    if (this.sendDate && !has("date")) pairs.push(["Date", new Date().toUTCString()]);
    if (connectionUnset) {
      pairs.push(["Connection", this._keepAlive ? "keep-alive" : "close"]);
      if (this._keepAlive && !has("keep-alive")) pairs.push(["Keep-Alive", "timeout=5"]);
    }
    return pairs;
  }
}

/** Serves one connection: reads each request, answers it, then the next, until either side ends. */
function serveConnection(server, socket) {
  server._idle.add(socket);
  let current = null;
  let clientEnded = false;
  const reader = new MessageReader("request", {
    onHead(head) {
      server._idle.delete(socket);
      const req = new IncomingMessage(socket)._fill(head);
      req.method = head.method;
      req.url = head.url;
      const res = new ServerResponse(req);
      res._attachSocket(socket);
      current = { req, res };
      res.on("finish", nextRequest);
      if (String(head.headers.expect ?? "").toLowerCase() === "100-continue") {
        if (server.listenerCount("checkContinue") > 0) {
          server.emit("checkContinue", req, res);
          return false;
        }
        res.writeContinue();
      }
      server.emit("request", req, res);
      return false;
    },
    onBody(chunk) {
      current.req.push(chunk);
    },
    onEnd() {
      current.req.complete = true;
      current.req.push(null);
      nextRequest();
    },
    onError(error) {
      if (server.listenerCount("clientError") > 0) server.emit("clientError", error, socket);
      else {
        const status =
          error.code === "HPE_HEADER_OVERFLOW"
            ? "431 Request Header Fields Too Large"
            : "400 Bad Request";
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
      }
    },
  });
  /** Once a request is both read and answered: the connection ends or takes the next one. */
  function nextRequest() {
    if (current === null || !current.req.complete || !current.res.writableFinished) return;
    const { res } = current;
    current = null;
    if (!res._keepAlive || clientEnded || !server.listening) {
      socket.end();
      return;
    }
    server._idle.add(socket);
    process.nextTick(() => reader.resume());
  }
  socket.on("data", (chunk) => reader.feed(chunk));
  socket.on("end", () => {
    clientEnded = true;
    if (current === null) socket.end();
  });
  // A client that goes away mid-answer is the server's 'clientError' in Node; no listener, no noise.
  socket.on("error", (error) => {
    if (server.listenerCount("clientError") > 0) server.emit("clientError", error, socket);
  });
  socket.on("close", () => {
    server._idle.delete(socket);
    if (current !== null && !current.res.writableFinished) {
      current.req.aborted = true;
      current.req.emit("aborted");
      current.res.emit("close");
    }
  });
}

class Server extends net.Server {
  constructor(options, requestListener) {
    if (typeof options === "function") [options, requestListener] = [{}, options];
    super({ allowHalfOpen: true });
    this.timeout = 0;
    this.keepAliveTimeout = 5000;
    this.headersTimeout = 60000;
    this.requestTimeout = 300000;
    this.maxHeadersCount = null;
    this.maxRequestsPerSocket = 0;
    this._idle = new Set();
    if (requestListener) this.on("request", requestListener);
    this.on("connection", (socket) => serveConnection(this, socket));
  }
  setTimeout(ms, callback) {
    this.timeout = ms;
    if (typeof callback === "function") this.on("timeout", callback);
    return this;
  }
  closeAllConnections() {
    for (const socket of [...this._connections]) socket.destroy();
  }
  closeIdleConnections() {
    for (const socket of [...this._idle]) socket.destroy();
  }
  /** Node 19 and later close idle keep-alive connections when the server closes. */
  _closeIdle() {
    this.closeIdleConnections();
  }
}

class ClientRequest extends OutgoingMessage {
  constructor(...args) {
    // A request's 'close' is its connection's, emitted when the socket closes; and finishing
    // the request must not destroy it (destroy() closes the connection before the answer).
    super({ emitClose: false, autoDestroy: false });
    const { options, callback, host, port, protocol } = requestTarget(args);
    const method = String(options.method ?? "GET").toUpperCase();
    if (!isToken(method)) {
      throw nodeError(
        TypeError,
        "ERR_INVALID_HTTP_TOKEN",
        `Method must be a valid HTTP token ["${options.method}"]`,
      );
    }
    this.method = method;
    this.path = options.path ?? "/";
    if (/[\u0000-\u0020]/.test(this.path)) {
      throw nodeError(
        TypeError,
        "ERR_UNESCAPED_CHARACTERS",
        "Request path contains unescaped characters",
      );
    }
    this.host = host;
    this.protocol = protocol;
    this.aborted = false;
    this.reusedSocket = false;
    this.res = null;
    this.useChunkedEncodingByDefault = !BODYLESS_METHODS.has(method);
    this._keepAlive = options.agent !== false;
    const headers = options.headers ?? {};
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.appendHeader(headers[i], headers[i + 1]);
    } else {
      for (const [name, value] of Object.entries(headers)) {
        if (value !== undefined) this.setHeader(name, value);
      }
    }
    if (!this.hasHeader("host") && options.setHost !== false) {
      const agent = options.agent || options._defaultAgent || globalAgent;
      const shown = host.includes(":") ? `[${host}]` : host;
      this.setHeader("Host", port === agent.defaultPort ? shown : `${shown}:${port}`);
    }
    if (options.auth && !this.hasHeader("authorization")) {
      this.setHeader("Authorization", `Basic ${Buffer.from(options.auth).toString("base64")}`);
    }
    if (callback) this.once("response", callback);
    const socket = net.connect(
      options.socketPath !== undefined ? { path: options.socketPath } : { host, port },
    );
    this._attachSocket(socket);
    this._readResponses(socket);
    if (options.timeout) this.setTimeout(options.timeout);
    // The server must see the head to answer 100 Continue before any body is written.
    if (/^100-continue$/i.test(String(this.getHeader("expect") ?? ""))) this._sendHead();
    process.nextTick(() => this.emit("socket", socket));
  }
  _firstLine() {
    return `${this.method} ${this.path} HTTP/1.1`;
  }
  _lengthOnEnd(body) {
    return body.length > 0 || this.useChunkedEncodingByDefault;
  }
  _chunkedByDefault() {
    return this.useChunkedEncodingByDefault;
  }
  _defaultHeaders(_has, connectionUnset) {
    return connectionUnset ? [["Connection", this._keepAlive ? "keep-alive" : "close"]] : [];
  }
  _readResponses(socket) {
    let failed = false;
    const fail = (error) => {
      if (failed) return;
      failed = true;
      this.emit("error", error);
    };
    const reader = new MessageReader("response", {
      onHead: (head) => {
        if (head.statusCode === 100) {
          this.emit("continue");
          return true;
        }
        if (head.statusCode > 100 && head.statusCode < 200) {
          this.emit("information", {
            statusCode: head.statusCode,
            statusMessage: head.statusMessage,
            httpVersion: `${head.versionMajor}.${head.versionMinor}`,
            headers: head.headers,
            rawHeaders: head.rawHeaders,
          });
          return true;
        }
        const res = new IncomingMessage(socket)._fill(head);
        res.statusCode = head.statusCode;
        res.statusMessage = head.statusMessage;
        res.req = this;
        this.res = res;
        if (!this.emit("response", res)) res.resume();
        return this.method === "HEAD" || bodylessStatus(head.statusCode);
      },
      onBody: (chunk) => this.res.push(chunk),
      onEnd: () => {
        if (this.res === null || this.res.complete) return;
        this.res.complete = true;
        this.res.push(null);
        // No pool: the connection closes once the answer is in, and the server hears the end.
        socket.end();
      },
      onError: (error) => {
        fail(error);
        socket.destroy();
      },
    });
    socket.on("data", (chunk) => reader.feed(chunk));
    socket.on("end", () => reader.finish());
    socket.on("error", fail);
    socket.on("timeout", () => this.emit("timeout"));
    socket.on("close", () => {
      if (this.res === null) {
        fail(__skillbox.systemError("socket hang up", { code: "ECONNRESET" }));
      } else if (!this.res.complete) {
        this.res.aborted = true;
        this.res.emit("aborted");
        this.res.destroy(__skillbox.systemError("aborted", { code: "ECONNRESET" }));
      }
      this.emit("close");
    });
  }
  setTimeout(ms, callback) {
    if (typeof callback === "function") this.once("timeout", callback);
    this.socket.setTimeout(ms);
    return this;
  }
  setNoDelay() {}
  setSocketKeepAlive() {}
  abort() {
    if (this.aborted) return;
    this.aborted = true;
    process.nextTick(() => this.emit("abort"));
    this.destroy();
  }
  destroy(error) {
    if (this.destroyed) return this;
    // With no answer yet, Node reports the hang-up ('socket hang up') even when the script
    // stopped the request itself.
    Writable.prototype.destroy.call(this);
    this.socket.destroy(error);
    return this;
  }
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
  OutgoingMessage,
  Server,
  STATUS_CODES,
  METHODS,
  globalAgent,
  maxHeaderSize: 16384,
  request,
  get,
  createServer: (...args) => new Server(...args),
  validateHeaderName(name) {
    checkHeader(name, "");
  },
  validateHeaderValue(name, value) {
    if (value === undefined) {
      throw nodeError(
        TypeError,
        "ERR_HTTP_INVALID_HEADER_VALUE",
        `Invalid value "${value}" for header "${name}"`,
      );
    }
    checkHeader("x", value);
  },
  setMaxIdleHTTPParsers() {},
};
