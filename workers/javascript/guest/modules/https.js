// @ts-check
// node:https — node:http's client and server on port 443, failing the same way offline.
const http = require("http");

class Agent extends http.Agent {
  constructor(options = {}) {
    super({ defaultPort: 443, protocol: "https:", ...options });
  }
}
const globalAgent = new Agent();

function request(...args) {
  const options = args.find((a) => a && typeof a === "object" && !(a instanceof URL));
  const rest = args.filter((a) => a !== options);
  return new http.ClientRequest(...rest, { _defaultAgent: globalAgent, ...options });
}

function get(...args) {
  const req = request(...args);
  req.end();
  return req;
}

module.exports = {
  Agent,
  Server: http.Server,
  globalAgent,
  request,
  get,
  createServer: (...args) => new http.Server(...args),
};
