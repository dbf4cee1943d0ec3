// node:net — sockets over a network the sandbox does not have: a connection fails as Node's does
// offline, a server cannot listen; address helpers work.
const EventEmitter = require("events");
const { Duplex } = require("stream");
const { connectError, systemError } = __skillbox;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 =
  /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|(([0-9a-fA-F]{1,4}:){0,7}[0-9a-fA-F]{0,4})?::(([0-9a-fA-F]{1,4}:){0,7}[0-9a-fA-F]{0,4})?)$/;
const isIPv4 = (input) => IPV4.test(String(input));
const isIPv6 = (input) => IPV6.test(String(input));
const isIP = (input) => (isIPv4(input) ? 4 : isIPv6(input) ? 6 : 0);

/** Reads (port, host) or ({ port, host }) as net.connect does. */
function endpointOf(args) {
  const [first, second] = args;
  if (first !== null && typeof first === "object") {
    return { port: first.port ?? 0, host: first.host ?? first.hostname ?? "localhost" };
  }
  return { port: first ?? 0, host: typeof second === "string" ? second : "localhost" };
}

class Socket extends Duplex {
  constructor(options) {
    super(options);
    this.connecting = false;
    this.remoteAddress = undefined;
    this.remotePort = undefined;
  }
  connect(...args) {
    const { port, host } = endpointOf(args);
    const listener = args.find((a) => typeof a === "function");
    if (listener) this.once("connect", listener);
    this.connecting = true;
    process.nextTick(() => {
      this.connecting = false;
      this.destroy(connectError(host, port));
    });
    return this;
  }
  _read() {}
  _write(_chunk, _encoding, callback) {
    callback(new Error("This socket is not connected"));
  }
  setEncoding(encoding) {
    return super.setEncoding(encoding);
  }
  setTimeout() {
    return this;
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
    return {};
  }
}

/** A server that cannot listen: there is no network to listen on. */
class Server extends EventEmitter {
  constructor(...args) {
    super();
    const listener = args.find((a) => typeof a === "function");
    if (listener) this.on(this._connectionEvent ?? "connection", listener);
    this.listening = false;
  }
  listen(...args) {
    const port = typeof args[0] === "object" && args[0] !== null ? args[0].port : args[0];
    const callback = args.find((a) => typeof a === "function");
    if (callback) this.once("listening", callback);
    const error = systemError(`listen EACCES: permission denied 0.0.0.0:${port ?? 0}`, {
      errno: -13,
      code: "EACCES",
      syscall: "listen",
      address: "0.0.0.0",
      port: Number(port ?? 0),
    });
    process.nextTick(() => this.emit("error", error));
    return this;
  }
  close(callback) {
    if (typeof callback === "function") {
      const error = new Error("Server is not running.");
      error.code = "ERR_SERVER_NOT_RUNNING";
      process.nextTick(callback, error);
    }
    return this;
  }
  address() {
    return null;
  }
  ref() {
    return this;
  }
  unref() {
    return this;
  }
  getConnections(callback) {
    process.nextTick(callback, null, 0);
  }
}

function connect(...args) {
  const socket = new Socket();
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
