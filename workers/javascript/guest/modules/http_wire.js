// @ts-check
// internal/http_wire — HTTP/1.1 messages as bytes on a stream: a reader that turns what arrives
// into a head, body chunks and an end (llhttp's job in Node), and the helpers that write a head.
const { nodeError } = __skillbox;

const MAX_HEAD_BYTES = 16384;
// An HTTP token's characters (RFC 9110's tchar), shared with util.MIMEType.
const TOKEN_CHARS = "!#$%&'*+\\-.^_`|~0-9A-Za-z";
const TOKEN = new RegExp(`^[${TOKEN_CHARS}]+$`);
const NOT_TOKEN_CHAR = new RegExp(`[^${TOKEN_CHARS}]`);
// Node keeps the first of these when a message repeats them (lib/_http_incoming.js).
const FIRST_WINS = new Set([
  "age",
  "authorization",
  "content-length",
  "content-type",
  "etag",
  "expires",
  "from",
  "host",
  "if-modified-since",
  "if-unmodified-since",
  "last-modified",
  "location",
  "max-forwards",
  "proxy-authorization",
  "referer",
  "retry-after",
  "server",
  "user-agent",
]);

/** A message Node's parser refuses: `code` as llhttp names it, e.g. HPE_INVALID_METHOD. */
function parseError(code, reason, bytes) {
  const error = new Error(`Parse Error: ${reason}`);
  error.code = code;
  error.bytesParsed = bytes;
  return error;
}

/** The `headers` object Node builds from raw name/value pairs. */
function headersFrom(rawHeaders) {
  const headers = Object.create(null);
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    const value = rawHeaders[i + 1];
    if (!(name in headers)) headers[name] = name === "set-cookie" ? [value] : value;
    else if (name === "set-cookie") headers[name].push(value);
    else if (FIRST_WINS.has(name)) continue;
    else headers[name] += name === "cookie" ? `; ${value}` : `, ${value}`;
  }
  return Object.assign({}, headers);
}

/**
 * Reads messages of one kind ("request" or "response") from the bytes fed to it. `handlers`:
 * onHead(head) → whether the message has no body (a response to HEAD, 1xx, 204, 304);
 * onBody(chunk); onEnd(); onError(error). After a request it stops until resume() is called, so
 * that a server answers pipelined requests one at a time.
 */
class MessageReader {
  constructor(kind, handlers) {
    this.kind = kind;
    this.handlers = handlers;
    this.buffer = Buffer.alloc(0);
    this.state = "head";
    this.remaining = 0;
    this.paused = false;
    this.failed = false;
    this.parsed = 0;
  }
  feed(chunk) {
    if (this.failed) return;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    this.drain();
  }
  resume() {
    this.paused = false;
    this.drain();
  }
  /** The stream ended: a body read until the connection closes ends here. */
  finish() {
    if (this.failed) return;
    if (this.state === "until-close") {
      this.state = "head";
      this.handlers.onEnd();
    } else if (this.state !== "head" || this.buffer.length > 0) {
      this.fail("HPE_INVALID_EOF_STATE", "Invalid EOF state");
    }
  }
  fail(code, reason) {
    this.failed = true;
    this.handlers.onError(parseError(code, reason, this.parsed));
  }
  drain() {
    while (!this.paused && !this.failed && this.step()) {}
  }
  /** Moves one step; false when it needs more bytes. */
  step() {
    switch (this.state) {
      case "head":
        return this.readHead();
      case "length": {
        if (this.buffer.length === 0) return false;
        const take = Math.min(this.remaining, this.buffer.length);
        this.emitBody(take);
        this.remaining -= take;
        if (this.remaining === 0) this.endMessage();
        return true;
      }
      case "until-close":
        if (this.buffer.length === 0) return false;
        this.emitBody(this.buffer.length);
        return true;
      case "chunk-size":
        return this.readChunkSize();
      case "chunk-data": {
        if (this.remaining > 0) {
          if (this.buffer.length === 0) return false;
          const take = Math.min(this.remaining, this.buffer.length);
          this.emitBody(take);
          this.remaining -= take;
          return true;
        }
        if (this.buffer.length < 2) return false;
        if (this.buffer[0] !== 13 || this.buffer[1] !== 10) {
          this.fail("HPE_STRICT", "Expected CRLF after chunk");
          return false;
        }
        this.consume(2);
        this.state = "chunk-size";
        return true;
      }
      case "trailers": {
        const end = this.buffer.indexOf("\r\n");
        if (end < 0) return false;
        this.consume(end + 2);
        if (end === 0) this.endMessage();
        return true;
      }
      default:
        return false;
    }
  }
  consume(count) {
    this.parsed += count;
    this.buffer = this.buffer.subarray(count);
  }
  emitBody(count) {
    const chunk = Buffer.from(this.buffer.subarray(0, count));
    this.consume(count);
    this.handlers.onBody(chunk);
  }
  readChunkSize() {
    const end = this.buffer.indexOf("\r\n");
    if (end < 0) {
      if (this.buffer.length > 1024)
        this.fail("HPE_INVALID_CHUNK_SIZE", "Invalid character in chunk size");
      return false;
    }
    const line = this.buffer.toString("latin1", 0, end).split(";")[0].trim();
    if (!/^[0-9a-fA-F]+$/.test(line)) {
      this.fail("HPE_INVALID_CHUNK_SIZE", "Invalid character in chunk size");
      return false;
    }
    this.consume(end + 2);
    this.remaining = Number.parseInt(line, 16);
    this.state = this.remaining === 0 ? "trailers" : "chunk-data";
    return true;
  }
  readHead() {
    // Blank lines before a message are skipped, as llhttp does between keep-alive requests.
    while (this.buffer.length >= 2 && this.buffer[0] === 13 && this.buffer[1] === 10)
      this.consume(2);
    const end = this.buffer.indexOf("\r\n\r\n");
    if (end < 0) {
      if (this.buffer.length > MAX_HEAD_BYTES) this.fail("HPE_HEADER_OVERFLOW", "Header overflow");
      return false;
    }
    const lines = this.buffer.toString("latin1", 0, end).split("\r\n");
    this.consume(end + 4);
    const head = this.kind === "request" ? readRequestLine(lines[0]) : readStatusLine(lines[0]);
    if (head instanceof Error) {
      this.fail(head.code, head.message);
      return false;
    }
    head.rawHeaders = [];
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(":");
      const name = colon > 0 ? line.slice(0, colon) : "";
      if (!TOKEN.test(name)) {
        this.fail("HPE_INVALID_HEADER_TOKEN", "Invalid header token");
        return false;
      }
      head.rawHeaders.push(name, line.slice(colon + 1).trim());
    }
    head.headers = headersFrom(head.rawHeaders);
    const bodyless = this.handlers.onHead(head) === true;
    const encoding = String(head.headers["transfer-encoding"] ?? "").toLowerCase();
    const length = head.headers["content-length"];
    if (bodyless) this.endMessage();
    else if (/(^|,)\s*chunked\s*$/.test(encoding)) this.state = "chunk-size";
    else if (length !== undefined) {
      if (!/^\d+$/.test(length)) {
        this.fail("HPE_INVALID_CONTENT_LENGTH", "Invalid character in Content-Length");
        return false;
      }
      this.remaining = Number(length);
      if (this.remaining === 0) this.endMessage();
      else this.state = "length";
    } else if (this.kind === "response") this.state = "until-close";
    else this.endMessage();
    return true;
  }
  endMessage() {
    this.state = "head";
    if (this.kind === "request") this.paused = true;
    this.handlers.onEnd();
  }
}

function readRequestLine(line) {
  const match = /^([A-Z-]+) (\S+) HTTP\/(\d)\.(\d)$/.exec(line);
  if (!match) {
    return /^[A-Z-]+ /.test(line)
      ? parseError("HPE_INVALID_VERSION", "Invalid HTTP version", 0)
      : parseError("HPE_INVALID_METHOD", "Invalid method encountered", 0);
  }
  return {
    method: match[1],
    url: match[2],
    versionMajor: Number(match[3]),
    versionMinor: Number(match[4]),
  };
}

function readStatusLine(line) {
  const match = /^HTTP\/(\d)\.(\d) (\d{3})(?: (.*))?$/.exec(line);
  if (!match) return parseError("HPE_INVALID_CONSTANT", "Expected HTTP/", 0);
  return {
    versionMajor: Number(match[1]),
    versionMinor: Number(match[2]),
    statusCode: Number(match[3]),
    statusMessage: match[4] ?? "",
  };
}

/** Node's checks on a header a script sets (lib/_http_outgoing.js). */
function checkHeader(name, value) {
  if (typeof name !== "string" || !TOKEN.test(name)) {
    throw nodeError(
      TypeError,
      "ERR_INVALID_HTTP_TOKEN",
      `Header name must be a valid HTTP token ["${name}"]`,
    );
  }
  if (value === undefined) {
    throw nodeError(
      TypeError,
      "ERR_HTTP_INVALID_HEADER_VALUE",
      `Invalid value "${value}" for header "${name}"`,
    );
  }
  if (/[^\t\x20-\x7e\x80-\xff]/.test(String(value))) {
    throw nodeError(
      TypeError,
      "ERR_INVALID_CHAR",
      `Invalid character in header content ["${name}"]`,
    );
  }
}

/** A message head: the first line, then each header (an array value is one line per item). */
function serializeHead(firstLine, pairs) {
  let text = `${firstLine}\r\n`;
  for (const [name, value] of pairs) {
    for (const item of Array.isArray(value) ? value : [value]) text += `${name}: ${item}\r\n`;
  }
  return Buffer.from(`${text}\r\n`, "latin1");
}

/** One piece of a chunked body. */
function chunkFrame(bytes) {
  return Buffer.concat([
    Buffer.from(`${bytes.length.toString(16)}\r\n`, "latin1"),
    bytes,
    Buffer.from("\r\n", "latin1"),
  ]);
}

/** Whether `text` is an HTTP token (RFC 9110), as header names and methods must be. */
const isToken = (text) => TOKEN.test(text);

/** Where the first character of `text` that a token may not hold is; -1 where there is none. */
const nonTokenAt = (text) => text.search(NOT_TOKEN_CHAR);

module.exports = {
  MessageReader,
  checkHeader,
  serializeHead,
  chunkFrame,
  headersFrom,
  isToken,
  nonTokenAt,
};
