// @ts-check
// node:dns — name resolution with no network: localhost and literal addresses resolve, as from
// the hosts file; every other name fails as Node's lookups fail offline.
const { lookupError, systemError } = __skillbox;
const net = require("net");

function lookupSync(hostname, options) {
  const family = typeof options === "number" ? options : (options?.family ?? 0);
  const name = String(hostname);
  const version = net.isIP(name);
  if (version !== 0) return { address: name, family: version };
  if (name === "localhost") {
    return family === 6 ? { address: "::1", family: 6 } : { address: "127.0.0.1", family: 4 };
  }
  throw lookupError(name);
}

function lookup(hostname, options, callback) {
  const done = typeof options === "function" ? options : callback;
  const opts = typeof options === "function" ? {} : options;
  process.nextTick(() => {
    let found;
    try {
      found = lookupSync(hostname, opts);
    } catch (error) {
      done(error);
      return;
    }
    if (opts?.all) done(null, [found]);
    else done(null, found.address, found.family);
  });
  return {};
}

function queryError(syscall, hostname) {
  return systemError(`${syscall} ECONNREFUSED ${hostname}`, {
    errno: undefined,
    code: "ECONNREFUSED",
    syscall,
    hostname: String(hostname),
  });
}

const RECORDS = [
  "A",
  "AAAA",
  "Any",
  "Caa",
  "Cname",
  "Mx",
  "Naptr",
  "Ns",
  "Ptr",
  "Soa",
  "Srv",
  "Txt",
];
const resolvers = {};
for (const record of RECORDS) {
  resolvers[`resolve${record === "A" ? "4" : record === "AAAA" ? "6" : record}`] = (
    hostname,
    ...rest
  ) => {
    const done = rest.find((r) => typeof r === "function");
    process.nextTick(done, queryError(`query${record}`, hostname));
  };
}
resolvers.resolve = (hostname, ...rest) => {
  const done = rest.find((r) => typeof r === "function");
  process.nextTick(done, queryError("queryA", hostname));
};
resolvers.reverse = (ip, callback) => process.nextTick(callback, queryError("getHostByAddr", ip));

const promises = {
  lookup: (hostname, options) =>
    new Promise((resolve, reject) => {
      try {
        const found = lookupSync(hostname, options);
        resolve(options?.all ? [found] : found);
      } catch (error) {
        reject(error);
      }
    }),
};
for (const name of Object.keys(resolvers)) {
  promises[name] = (hostname) =>
    new Promise((_resolve, reject) => resolvers[name](hostname, (error) => reject(error)));
}

class Resolver {
  getServers() {
    return ["127.0.0.53"];
  }
  setServers() {}
  cancel() {}
}
Object.assign(Resolver.prototype, resolvers);
promises.Resolver = Resolver;
promises.getServers = () => ["127.0.0.53"];
promises.setServers = () => {};

const codes = {
  NODATA: "ENODATA",
  FORMERR: "EFORMERR",
  SERVFAIL: "ESERVFAIL",
  NOTFOUND: "ENOTFOUND",
  NOTIMP: "ENOTIMP",
  REFUSED: "EREFUSED",
  CONNREFUSED: "ECONNREFUSED",
  TIMEOUT: "ETIMEOUT",
};

module.exports = {
  lookup,
  lookupService: (address, port, callback) =>
    process.nextTick(callback, lookupError(String(address))),
  ...resolvers,
  Resolver,
  promises,
  getServers: () => ["127.0.0.53"],
  setServers() {},
  setDefaultResultOrder() {},
  getDefaultResultOrder: () => "verbatim",
  ADDRCONFIG: 1024,
  V4MAPPED: 2048,
  ALL: 256,
  ...codes,
};
