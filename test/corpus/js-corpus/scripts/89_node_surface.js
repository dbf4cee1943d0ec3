// What scripts and libraries probe of the Node surface: the global names, process.versions,
// path.basename's edge cases, util.debuglog, Error.captureStackTrace and coded argument errors.
const path = require("node:path");
const util = require("node:util");
const { EventEmitter } = require("node:events");

console.log(Object.keys(globalThis).join(","));
console.log(typeof host, typeof systemError, typeof builtin, typeof resolveFilename);
const versions = ["node", "openssl", "v8", "uv", "zlib", "modules", "napi", "icu"];
console.log(versions.map((name) => `${name}:${typeof process.versions[name]}`).join(" "));
console.log(process.version === `v${process.versions.node}`);

console.log(
  JSON.stringify([
    path.basename(".js", ".js"),
    path.basename("a.js", "a.js"),
    path.basename("/x/", "x"),
    path.basename("x.js//", ".js"),
    path.basename("js", ".js"),
    path.basename("/a/b.txt", ".txt"),
  ]),
);

const debug = util.debuglog("skillbox-corpus");
console.log(typeof debug, debug.enabled, util.debug === util.debuglog);
debug("hidden without NODE_DEBUG");

const plain = {};
Error.captureStackTrace(plain);
console.log(typeof plain.stack, plain.stack.split("\n")[0], Object.keys(plain).length);
function CustomError(message) {
  this.message = message;
  this.name = "CustomError";
  Error.captureStackTrace(this, CustomError);
}
const custom = new CustomError("went wrong");
console.log(custom.stack.split("\n")[0], typeof Error.stackTraceLimit);

for (const attempt of [
  () => path.basename(42),
  () => path.join("a", null),
  () => path.basename("a", 1),
  () => new EventEmitter().on("x", "not a function"),
  () => process.nextTick(Symbol("s")),
  () => require(["list"]),
  () => require("fs").readFileSync({}),
  () => setTimeout("x".repeat(40)),
]) {
  try {
    attempt();
    console.log("no error");
  } catch (error) {
    console.log(`${error.name} ${error.code}: ${error.message}`);
    console.log(String(error));
    console.log(Object.keys(error).join(","));
  }
}
