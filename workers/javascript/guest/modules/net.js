// node:net — sockets on the run's own loopback network. A server listens on a port (or a path)
// that exists only inside this run; a client connecting to a loopback address reaches it through
// memory, as on a machine whose only network interface is `lo`. Nothing here calls the host:
// every other address fails as Node's connections fail offline, and no byte leaves the VM.
// A connection, each chunk and each end arrive as a later task (setImmediate), as I/O arrives
// in Node's poll phase: a script's promise continuations run in between, so `await once(socket,
// 'data')` followed by `await once(socket, 'close')` sees both events, as it does in Node.
const EventEmitter = require("events");
const { Duplex } = require("stream");
const { connectError, lookupError, systemError, nodeError, invalidArgType } = __skillbox;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 =
  /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|(([0-9a-fA-F]{1,4}:){0,7}[0-9a-fA-F]{0,4})?::(([0-9a-fA-F]{1,4}:){0,7}[0-9a-fA-F]{0,4})?)$/;
const isIPv4 = (input) => IPV4.test(String(input));
const isIPv6 = (input) => IPV6.test(String(input));
const isIP = (input) => (isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0);

/** Listening servers by `tcp:<port>` or `pipe:<path>`: the run's whole network. */
const listeners = new Map();

// Linux hands out ephemeral ports from this range (net.ipv4.ip_local_port_range).
const EPHEMERAL_LOW = 32768;
const EPHEMERAL_HIGH = 60999;
const usedEphemeral = new Set();

function ephemeralPort() {
  for (;;) {
    const port = EPHEMERAL_LOW + Math.floor(Math.random() * (EPHEMERAL_HIGH - EPHEMERAL_LOW + 1));
    if (!listeners.has(`tcp:${port}`) && !usedEphemeral.has(port)) {
      usedEphemeral.add(port);
      return port;
    }
  }
}

/** Node's port check (lib/internal/validators validatePort): 0 ≤ port < 65536, whole. */
function validPort(port, name = "Port") {
  const number = typeof port === "string" && port.trim() !== "" ? Number(port) : port;
  if (typeof number !== "number" || !Number.isInteger(number) || number < 0 || number > 0xffff) {
    const shown =
      typeof port === "string" ? `type string ('${port}')` : `type ${typeof port} (${port})`;
    throw nodeError(
      RangeError,
      "ERR_SOCKET_BAD_PORT",
      `${name} should be >= 0 and < 65536. Received ${shown}.`,
    );
  }
  return number;
}

/** What a host name or address is on a machine whose only interface is loopback. */
function hostKind(host) {
  const name = String(host).replace(/^\[|\]$/g, "");
  if (name === "" || name === "0.0.0.0" || name === "::") return "any";
  if (name === "localhost" || name === "::1" || /^127\./.test(name) || name === "::ffff:127.0.0.1")
    return "loopback";
  return isIP(name) ? "remote-address" : "remote-name";
}

/** Whether a server bound to `bound` takes a connection to `target` (both loopback or any). */
function accepts(bound, target) {
  if (bound === "::" || bound === "0.0.0.0") return true;
  const family = (address) => (isIPv6(address) ? 6 : 4);
  if (target === "localhost" || target === "::" || target === "0.0.0.0" || target === "")
    return true;
  return family(bound) === family(target) && (family(bound) === 6 || bound === target);
}

/** Reads (port, host, cb), (path, cb) or ({ port, host, path }, cb) as net.connect does. */
function endpointOf(args) {
  const [first, second] = args;
  if (first !== null && typeof first === "object") {
    if (first.path !== undefined) return { path: String(first.path) };
    return { port: first.port, host: first.host ?? first.hostname ?? "localhost" };
  }
  if (typeof first === "string" && !/^\s*\d+\s*$/.test(first)) return { path: first };
  return { port: first, host: typeof second === "string" ? second : "localhost" };
}

/** The loopback address a connection to `host` uses, given the address the server is bound to. */
function addressFor(host, bound) {
  const name = String(host).replace(/^\[|\]$/g, "");
  // Node 20 looks localhost up as 127.0.0.1 first, as Debian's hosts file lists it.
  if (name === "localhost") return bound === "::1" ? "::1" : "127.0.0.1";
  if (name === "" || name === "0.0.0.0") return "127.0.0.1";
  if (name === "::") return "::1";
  return name;
}

class Socket extends Duplex {
  constructor(options = {}) {
    super({ ...options, allowHalfOpen: options.allowHalfOpen === true });
    this.connecting = false;
    this.bytesRead = 0;
    this._bytesWritten = 0;
    this._peer = null;
    this._timeoutMs = 0;
    this._timer = null;
    this.remoteAddress = undefined;
    this.remotePort = undefined;
    this.remoteFamily = undefined;
    this.localAddress = undefined;
    this.localPort = undefined;
    this.server = null;
  }
  get bytesWritten() {
    return this._bytesWritten;
  }
  get pending() {
    return this._peer === null && !this.destroyed;
  }
  get readyState() {
    if (this.connecting) return "opening";
    if (this.readable && this.writable) return "open";
    if (this.readable) return "readOnly";
    if (this.writable) return "writeOnly";
    return "closed";
  }
  connect(...args) {
    const endpoint = endpointOf(args);
    const listener = args.find((a) => typeof a === "function");
    if (listener) this.once("connect", listener);
    if (endpoint.path === undefined) endpoint.port = validPort(endpoint.port ?? 0);
    this.connecting = true;
    setImmediate(() => {
      this.connecting = false;
      if (this.destroyed) return;
      const server = findServer(endpoint);
      if (server instanceof Error) {
        this.destroy(server);
        return;
      }
      server._accept(this, endpoint);
    });
    return this;
  }
  /** Joins this socket to the other end of an in-memory connection. */
  _pair(peer, local, remote) {
    this._peer = peer;
    this.localAddress = local.address;
    this.localPort = local.port;
    this.remoteAddress = remote.address;
    this.remotePort = remote.port;
    this.remoteFamily =
      remote.address === undefined ? undefined : remote.address.includes(":") ? "IPv6" : "IPv4";
  }
  _read() {}
  _write(chunk, encoding, callback) {
    // Writes made before the connection is up wait for it, as Node queues them.
    if (this.connecting) {
      this.once("connect", () => this._write(chunk, encoding, callback));
      return;
    }
    const peer = this._peer;
    if (peer === null || peer.destroyed || peer._readEnded) {
      callback(systemError("write EPIPE", { errno: -32, code: "EPIPE", syscall: "write" }));
      return;
    }
    this._bytesWritten += chunk.length;
    this._touch();
    setImmediate(() => {
      if (!peer.destroyed && !peer._readEnded) {
        peer.bytesRead += chunk.length;
        peer._touch();
        peer.push(chunk);
      }
      callback();
    });
  }
  _final(callback) {
    if (this.connecting) {
      this.once("connect", () => this._final(callback));
      return;
    }
    const peer = this._peer;
    setImmediate(() => {
      if (peer !== null) peer._endReading();
      callback();
    });
  }
  _endReading() {
    if (this.destroyed || this._readEnded) return;
    this._readEnded = true;
    this.push(null);
    // As Node's sockets do at EOF: with nothing left unread, 'end' comes even if no one reads.
    this.read(0);
  }
  _destroy(error, callback) {
    const peer = this._peer;
    this._clearTimer();
    if (peer !== null) setImmediate(() => peer._endReading());
    if (this.server) this.server._forget(this);
    callback(error);
  }
  _touch() {
    if (this._timeoutMs > 0) this._armTimer();
  }
  _armTimer() {
    this._clearTimer();
    this._timer = setTimeout(() => this.emit("timeout"), this._timeoutMs);
    this._timer.unref();
  }
  _clearTimer() {
    if (this._timer !== null) clearTimeout(this._timer);
    this._timer = null;
  }
  setTimeout(ms, callback) {
    this._timeoutMs = Number(ms) || 0;
    if (typeof callback === "function") {
      if (this._timeoutMs === 0) this.removeListener("timeout", callback);
      else this.once("timeout", callback);
    }
    if (this._timeoutMs > 0) this._armTimer();
    else this._clearTimer();
    return this;
  }
  get timeout() {
    return this._timeoutMs || undefined;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  address() {
    if (this.localPort === undefined)
      return this.localAddress === undefined ? {} : this.localAddress;
    return {
      address: this.localAddress,
      family: this.localAddress.includes(":") ? "IPv6" : "IPv4",
      port: this.localPort,
    };
  }
  resetAndDestroy() {
    return this.destroy();
  }
}

/** The listening server a connection to `endpoint` reaches, or the error Node gives instead. */
function findServer(endpoint) {
  if (endpoint.path !== undefined) {
    return (
      listeners.get(`pipe:${endpoint.path}`) ??
      systemError(`connect ENOENT ${endpoint.path}`, {
        errno: -2,
        code: "ENOENT",
        syscall: "connect",
        address: endpoint.path,
      })
    );
  }
  const { host, port } = endpoint;
  const kind = hostKind(host);
  if (kind === "remote-name" || kind === "remote-address") return connectError(host, port);
  const server = listeners.get(`tcp:${port}`);
  if (server && accepts(server._bound.address, String(host).replace(/^\[|\]$/g, ""))) return server;
  return connectError(host, port);
}

class Server extends EventEmitter {
  constructor(...args) {
    super();
    const options = args.find((a) => a !== null && typeof a === "object") ?? {};
    const listener = args.find((a) => typeof a === "function");
    if (listener) this.on("connection", listener);
    this.allowHalfOpen = options.allowHalfOpen === true;
    this.pauseOnConnect = options.pauseOnConnect === true;
    this.maxConnections = undefined;
    this.listening = false;
    this._bound = null;
    this._key = null;
    this._connections = new Set();
    this._closeCallbacks = [];
  }
  listen(...args) {
    const callback = args.find((a) => typeof a === "function");
    const [first, second] = args;
    let port;
    let host;
    let path;
    if (first !== null && typeof first === "object") {
      ({ port, host, path } = first);
    } else if (typeof first === "string" && !/^\s*\d+\s*$/.test(first)) {
      path = first;
    } else {
      port = first;
      host = typeof second === "string" ? second : undefined;
    }
    if (this.listening) {
      throw nodeError(
        Error,
        "ERR_SERVER_ALREADY_LISTEN",
        "Listen method has been called more than once without closing.",
      );
    }
    if (callback) this.once("listening", callback);
    const failed = (error) => {
      process.nextTick(() => this.emit("error", error));
      return this;
    };
    if (path !== undefined) {
      const key = `pipe:${path}`;
      if (listeners.has(key)) {
        return failed(
          systemError(`listen EADDRINUSE: address already in use ${path}`, {
            errno: -98,
            code: "EADDRINUSE",
            syscall: "listen",
            address: path,
            port: -1,
          }),
        );
      }
      return this._start(key, String(path));
    }
    port = port === undefined || port === null ? 0 : validPort(port, "options.port");
    if (host !== undefined && host !== null && typeof host !== "string")
      throw invalidArgType("options.host", "of type string", host);
    const kind = hostKind(host ?? "");
    if (kind === "remote-name") return failed(lookupError(host));
    const address =
      host === undefined || host === null || host === ""
        ? "::"
        : host === "localhost"
          ? "127.0.0.1"
          : host;
    if (kind === "remote-address") {
      return failed(
        systemError(`listen EADDRNOTAVAIL: address not available ${address}:${port}`, {
          errno: -99,
          code: "EADDRNOTAVAIL",
          syscall: "listen",
          address,
          port,
        }),
      );
    }
    if (port === 0) port = ephemeralPort();
    const key = `tcp:${port}`;
    if (listeners.has(key)) {
      return failed(
        systemError(`listen EADDRINUSE: address already in use ${address}:${port}`, {
          errno: -98,
          code: "EADDRINUSE",
          syscall: "listen",
          address,
          port,
        }),
      );
    }
    return this._start(key, { address, family: isIPv6(address) ? "IPv6" : "IPv4", port });
  }
  _start(key, bound) {
    this._key = key;
    this._bound = bound;
    this.listening = true;
    listeners.set(key, this);
    process.nextTick(() => this.emit("listening"));
    return this;
  }
  /** A client reached this server: makes the server's end and joins the two. */
  _accept(client, endpoint) {
    if (this.maxConnections !== undefined && this._connections.size >= this.maxConnections) {
      client.destroy(connectError(endpoint.host, endpoint.port));
      return;
    }
    const socket = new Socket({ allowHalfOpen: this.allowHalfOpen });
    socket.server = this;
    this._connections.add(socket);
    if (typeof this._bound === "string") {
      client._pair(socket, { address: undefined }, { address: undefined });
      socket._pair(client, { address: this._bound }, { address: undefined });
    } else {
      const target = addressFor(endpoint.host, this._bound.address);
      const clientPort = ephemeralPort();
      // A dual-stack listener sees an IPv4 peer as an IPv4-mapped IPv6 address, as Linux shows it.
      const seen = (address) =>
        this._bound.address === "::" && isIPv4(address) ? `::ffff:${address}` : address;
      client._pair(
        socket,
        { address: target, port: clientPort },
        { address: target, port: this._bound.port },
      );
      socket._pair(
        client,
        { address: seen(target), port: this._bound.port },
        { address: seen(target), port: clientPort },
      );
    }
    if (this.pauseOnConnect) socket.pause();
    client.emit("connect");
    client.emit("ready");
    this.emit("connection", socket);
  }
  _forget(socket) {
    this._connections.delete(socket);
    if (!this.listening && this._connections.size === 0) this._emitClose();
  }
  _emitClose() {
    if (this._closeEmitted) return;
    this._closeEmitted = true;
    process.nextTick(() => {
      const callbacks = this._closeCallbacks.splice(0);
      this.emit("close");
      for (const callback of callbacks) callback();
    });
  }
  close(callback) {
    if (!this.listening) {
      if (typeof callback === "function") {
        process.nextTick(
          callback,
          nodeError(Error, "ERR_SERVER_NOT_RUNNING", "Server is not running."),
        );
      }
      return this;
    }
    listeners.delete(this._key);
    this.listening = false;
    this._closeEmitted = false;
    if (typeof callback === "function") this._closeCallbacks.push(callback);
    this._closeIdle?.();
    if (this._connections.size === 0) this._emitClose();
    return this;
  }
  address() {
    return this.listening
      ? typeof this._bound === "string"
        ? this._bound
        : { ...this._bound }
      : null;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  getConnections(callback) {
    process.nextTick(callback, null, this._connections.size);
    return this;
  }
  [Symbol.asyncDispose]() {
    return new Promise((resolve) => this.close(() => resolve()));
  }
}

function connect(...args) {
  const options = args[0] !== null && typeof args[0] === "object" ? args[0] : {};
  const socket = new Socket(options);
  if (options.timeout) socket.setTimeout(options.timeout);
  return socket.connect(...args);
}

module.exports = {
  Socket,
  Stream: Socket,
  Server,
  createServer: (...args) => new Server(...args),
  connect,
  createConnection: connect,
  isIP,
  isIPv4,
  isIPv6,
  BlockList: class BlockList {
    addAddress() {}
    addRange() {}
    addSubnet() {}
    check() {
      return false;
    }
  },
  getDefaultAutoSelectFamily: () => true,
  setDefaultAutoSelectFamily() {},
};
