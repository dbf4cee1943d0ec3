// @ts-check
// node:tls — TLS over net's sockets, so connections fail the same way offline.
const net = require("net");

class TLSSocket extends net.Socket {
  constructor(socket, options) {
    super(options);
    this.encrypted = true;
    this.authorized = false;
  }
  getPeerCertificate() {
    return {};
  }
}

function connect(...args) {
  return new TLSSocket().connect(...args);
}

module.exports = {
  TLSSocket,
  Server: net.Server,
  connect,
  createServer: (...args) => new net.Server(...args),
  createSecureContext: () => ({ context: {} }),
  checkServerIdentity: () => undefined,
  getCiphers: () => ["aes128-gcm-sha256", "aes256-gcm-sha384", "chacha20-poly1305"],
  rootCertificates: [],
  DEFAULT_ECDH_CURVE: "auto",
  DEFAULT_MIN_VERSION: "TLSv1.2",
  DEFAULT_MAX_VERSION: "TLSv1.3",
};
