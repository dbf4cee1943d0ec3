// Child processes that report back later: exec, execFile, spawn with streams, promisify.
const { spawn, exec, execFile } = require("child_process");
const util = require("util");
const lines = [];
const log = (...parts) => lines.push(parts.map((p) => (typeof p === "string" ? p : JSON.stringify(p))).join(" "));
// Children end in an order neither Node nor the sandbox fixes: printed sorted at exit.
process.on("exit", () => console.log(lines.sort().join("\n")));

exec("echo exec says hi; echo to stderr >&2", (error, stdout, stderr) => log("exec", error, stdout, stderr));
exec("exit 5", (error, stdout, stderr) =>
  log("exec failure", error.code, error.killed, error.signal, error.cmd, error.message, stdout, stderr),
);
execFile("python3", ["-c", "print('execFile python')"], (error, stdout) => log("execFile", error, stdout));
execFile("node", ["-e", "process.exit(3)"], (error) => log("execFile node exit", error.code, error.message));
const child = spawn("node", ["-e", "console.log('spawned'); console.error('err'); process.exit(2)"]);
let out = "";
let err = "";
child.stdout.on("data", (d) => (out += d));
child.stderr.on("data", (d) => (err += d));
child.on("spawn", () => log("spawn event", typeof child.pid));
child.on("exit", (code, signal) => log("spawn exit", code, signal));
child.on("close", (code, signal) => log("spawn close", code, signal, out, err));
const cat = spawn("cat");
let echoed = "";
cat.stdout.setEncoding("utf8");
cat.stdout.on("data", (d) => (echoed += d));
cat.on("close", (code) => log("cat", code, echoed));
cat.stdin.write("through ");
cat.stdin.end("stdin\n");
util.promisify(exec)("printf promised").then(({ stdout, stderr }) => log("promisify", stdout, stderr));
util.promisify(execFile)("sh", ["-c", "exit 7"]).catch((error) => log("promisify rejects", error.code));
const missing = spawn("skillbox-no-such-program");
missing.on("error", (error) => log("missing", error.code, error.syscall, error.path));
missing.on("close", (code) => log("missing close", code));
spawn("sh", ["-c", "echo inherited output"], { stdio: "inherit" }).on("close", (code) => log("inherit", code));
