// Every built-in module loads; what needs a network or a program fails when used, with Node's
// error codes, so a script's fallback path runs.
const names = [
  "assert", "async_hooks", "buffer", "child_process", "cluster", "console", "constants", "crypto",
  "dgram", "diagnostics_channel", "dns", "domain", "events", "fs", "http", "http2", "https",
  "inspector", "module", "net", "os", "path", "perf_hooks", "process", "punycode", "querystring",
  "readline", "repl", "stream", "string_decoder", "sys", "timers", "tls", "trace_events", "tty",
  "url", "util", "v8", "vm", "wasi", "worker_threads", "zlib",
];
const failed = names.filter((name) => {
  try {
    require(name);
    return false;
  } catch (error) {
    return true;
  }
});
console.log("modules that failed to load:", failed);
// Asynchronous outcomes arrive in an order Node itself does not fix (its thread pool): they are
// gathered and printed sorted at exit.
const later = [];
const note = (...parts) => later.push(parts.map(String).join(" "));
process.on("exit", () => console.log(later.sort().join("\n")));
const { spawnSync, execSync, spawn, exec } = require("child_process");
const sync = spawnSync("skillbox-no-such-program", ["--version"]);
console.log("spawnSync:", sync.error.code, sync.error.syscall, sync.status);
try {
  execFileLike();
} catch (error) {
  console.log("execFileSync:", error.code, error.syscall, error.path);
}
function execFileLike() {
  require("child_process").execFileSync("skillbox-no-such-program", ["-v"]);
}
const child = spawn("skillbox-no-such-program", ["x"]);
child.on("error", (error) => note("spawn error:", error.code, error.message));
child.on("close", (code) => note("spawn close:", code));
const { isMainThread, parentPort } = require("worker_threads");
console.log("main thread:", isMainThread, parentPort);
const dns = require("dns");
dns.lookup("localhost", (error, address, family) => note("lookup localhost:", error, address, family));
dns.lookup("skillbox-test.invalid", (error) => note("lookup invalid:", error.code, error.syscall, error.hostname));
const https = require("https");
const req = https.get("https://skillbox-test.invalid/data.json", () => note("response?"));
req.on("error", (error) => note("https error:", error.code, error.message));
const http = require("http");
http.get({ host: "127.0.0.1", port: 9, path: "/" }).on("error", (error) =>
  note("http error:", error.code, error.address, error.port),
);
console.log("STATUS_CODES[404]:", http.STATUS_CODES[404], "METHODS has GET:", http.METHODS.includes("GET"));
const net = require("net");
console.log("isIP:", net.isIP("10.0.0.1"), net.isIP("::1"), net.isIP("nope"));
fetch("https://skillbox-test.invalid/api").then(
  () => note("fetched?"),
  (error) => note("fetch:", error.name, error.message, error.cause?.code),
);
console.log("fetch globals:", typeof fetch, typeof Headers, typeof Request, typeof Response);
new Response('{"a":1}').json().then((body) => note("Response.json:", JSON.stringify(body)));
void execSync;
void exec;
