import internalsSource from "./guest/internals.js?raw";
import jsonMessagesSource from "./guest/jsonMessages.js?raw";
import assertSource from "./guest/modules/assert.js?raw";
import bufferSource from "./guest/modules/buffer.js?raw";
import cryptoSource from "./guest/modules/crypto.js?raw";
import eventsSource from "./guest/modules/events.js?raw";
import fsSource from "./guest/modules/fs.js?raw";
import osSource from "./guest/modules/os.js?raw";
import pathSource from "./guest/modules/path.js?raw";
import querystringSource from "./guest/modules/querystring.js?raw";
import stringDecoderSource from "./guest/modules/string_decoder.js?raw";
import urlSource from "./guest/modules/url.js?raw";
import utilSource from "./guest/modules/util.js?raw";
import nodeSource from "./guest/node.js?raw";

/** Node's built-in modules, each written as plain JavaScript that runs inside QuickJS. */
const MODULES: Readonly<Record<string, string>> = {
  assert: assertSource,
  buffer: bufferSource,
  crypto: cryptoSource,
  events: eventsSource,
  fs: fsSource,
  os: osSource,
  path: pathSource,
  querystring: querystringSource,
  string_decoder: stringDecoderSource,
  url: urlSource,
  util: utilSource,
};

/**
 * The whole guest program evaluated once per worker at boot, before any skill code: the internals,
 * each module registered as a lazy CommonJS-style factory, then the Node globals.
 */
export const guestSource = [
  internalsSource,
  ...Object.entries(MODULES).map(
    ([name, source]) =>
      `__skillbox.defineBuiltin(${JSON.stringify(name)}, function (exports, require, module) {\n${source}\n});`,
  ),
  nodeSource,
  jsonMessagesSource,
].join("\n");
