// node:http2 — sessions over a network the sandbox does not have: connecting fails as offline.
const EventEmitter = require("events");
const http = require("http");
const { connectError } = __skillbox;

class ClientHttp2Session extends EventEmitter {
  constructor(authority) {
    super();
    const url = new URL(String(authority));
    this.destroyed = false;
    this.closed = false;
    process.nextTick(() => {
      this.destroyed = true;
      this.emit("error", connectError(url.hostname, Number(url.port) || 443));
      this.emit("close");
    });
  }
  request() {
    const stream = new EventEmitter();
    stream.end = () => stream;
    stream.setEncoding = () => stream;
    stream.close = () => {};
    return stream;
  }
  close(callback) {
    this.closed = true;
    if (typeof callback === "function") process.nextTick(callback);
  }
  destroy() {
    this.destroyed = true;
  }
}

const constants = {
  HTTP2_HEADER_STATUS: ":status",
  HTTP2_HEADER_METHOD: ":method",
  HTTP2_HEADER_AUTHORITY: ":authority",
  HTTP2_HEADER_SCHEME: ":scheme",
  HTTP2_HEADER_PATH: ":path",
  HTTP2_HEADER_CONTENT_TYPE: "content-type",
  HTTP2_METHOD_GET: "GET",
  HTTP2_METHOD_POST: "POST",
  HTTP_STATUS_OK: 200,
  HTTP_STATUS_NOT_FOUND: 404,
};

module.exports = {
  connect: (authority, _options, listener) => {
    const session = new ClientHttp2Session(authority);
    if (typeof listener === "function") session.once("connect", listener);
    return session;
  },
  createServer: (...args) => new http.Server(...args),
  createSecureServer: (...args) => new http.Server(...args),
  constants,
  sensitiveHeaders: Symbol("nodejs.http2.sensitiveHeaders"),
  getDefaultSettings: () => ({}),
};
