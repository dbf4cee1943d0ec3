import punycodeSource from "virtual:guest-package:punycode";
import readableStreamSource from "virtual:guest-package:readable-stream";
import webStreamsSource from "virtual:guest-package:web-streams-polyfill";
import internalsSource from "./guest/internals.js?raw";
import intlSource from "./guest/intl.js?raw";
import jsonMessagesSource from "./guest/jsonMessages.js?raw";
import assertSource from "./guest/modules/assert.js?raw";
import bufferSource from "./guest/modules/buffer.js?raw";
import childProcessSource from "./guest/modules/child_process.js?raw";
import cipherSource from "./guest/modules/cipher.js?raw";
import cryptoSource from "./guest/modules/crypto.js?raw";
import cryptoInputSource from "./guest/modules/crypto_input.js?raw";
import dnsSource from "./guest/modules/dns.js?raw";
import eventsSource from "./guest/modules/events.js?raw";
import fetchSource from "./guest/modules/fetch.js?raw";
import fsSource from "./guest/modules/fs.js?raw";
import httpSource from "./guest/modules/http.js?raw";
import httpWireSource from "./guest/modules/http_wire.js?raw";
import http2Source from "./guest/modules/http2.js?raw";
import httpsSource from "./guest/modules/https.js?raw";
import mimeSource from "./guest/modules/mime.js?raw";
import modulesSource from "./guest/modules/modules.js?raw";
import netSource from "./guest/modules/net.js?raw";
import osSource from "./guest/modules/os.js?raw";
import pathSource from "./guest/modules/path.js?raw";
import performanceSource from "./guest/modules/performance.js?raw";
import querystringSource from "./guest/modules/querystring.js?raw";
import readlineSource from "./guest/modules/readline.js?raw";
import stringDecoderSource from "./guest/modules/string_decoder.js?raw";
import tlsSource from "./guest/modules/tls.js?raw";
import urlSource from "./guest/modules/url.js?raw";
import utilSource from "./guest/modules/util.js?raw";
import vmSource from "./guest/modules/vm.js?raw";
import webGlobalsSource from "./guest/modules/web_globals.js?raw";
import zlibSource from "./guest/modules/zlib.js?raw";
import nodeSource from "./guest/node.js?raw";
import smallModulesSource from "./guest/smallModules.js?raw";

/** Node's built-in modules, each written as plain JavaScript that runs inside QuickJS. */
const MODULES: Readonly<Record<string, string>> = {
  assert: assertSource,
  buffer: bufferSource,
  child_process: childProcessSource,
  crypto: cryptoSource,
  dns: dnsSource,
  events: eventsSource,
  fs: fsSource,
  http: httpSource,
  http2: http2Source,
  https: httpsSource,
  // Internal: the HTTP/1.1 message reader and writer node:http is built on.
  "internal/http_wire": httpWireSource,
  // Internal: the web globals node.js installs, each group a module of its own.
  // Internal: crypto's AES Cipheriv and Decipheriv.
  "internal/cipher": cipherSource,
  // Internal: keys, IVs and data as crypto and its ciphers take them.
  "internal/crypto_input": cryptoInputSource,
  "internal/fetch": fetchSource,
  // Internal: util.MIMEType and util.MIMEParams.
  "internal/mime": mimeSource,
  // Internal: CommonJS and the ES module loader's hooks, which node.js starts the main module with.
  "internal/modules": modulesSource,
  "internal/performance": performanceSource,
  "internal/web_globals": webGlobalsSource,
  net: netSource,
  os: osSource,
  path: pathSource,
  querystring: querystringSource,
  readline: readlineSource,
  string_decoder: stringDecoderSource,
  tls: tlsSource,
  url: urlSource,
  util: utilSource,
  vm: vmSource,
  zlib: zlibSource,
};

/**
 * Userland packages that are Node's own modules, bundled at build time: large, and needed by few
 * scripts, so each is kept as source text and compiled on its first require (parsing the 185 KB
 * of readable-stream at every boot cost about 35 ms).
 */
const PACKAGES: Readonly<Record<string, string>> = {
  punycode: punycodeSource,
  stream: readableStreamSource,
  // WHATWG streams for `stream/web` and the globals; internal: scripts require `stream/web`.
  "internal/web-streams": webStreamsSource,
};

/**
 * The whole guest program evaluated once per worker at boot, before any skill code: the internals,
 * each module registered as a lazy CommonJS-style factory (packages as source compiled on first
 * require), then the Node globals. It runs inside one function, so that its declarations (and the
 * functions declared in its blocks, which sloppy-mode scripts hoist to the enclosing scope) stay
 * its own: at script level they became properties of `globalThis`, 50 names a script could see.
 */
export const guestSource = [
  "(function () {",
  internalsSource,
  ...Object.entries(MODULES).map(
    ([name, source]) =>
      `__skillbox.defineBuiltin(${JSON.stringify(name)}, function (exports, require, module) {\n${source}\n});`,
  ),
  ...Object.entries(PACKAGES).map(
    ([name, source]) =>
      `__skillbox.defineBuiltinSource(${JSON.stringify(name)}, ${JSON.stringify(source)});`,
  ),
  smallModulesSource,
  intlSource,
  nodeSource,
  jsonMessagesSource,
  "})();",
].join("\n");
