// node:child_process — the programs a sandboxed machine has: node, python3, sh and bash, the
// skill's own scripts, and the commands of the sandbox's shell. Each child runs in a sandbox
// worker of its own against the skill's files as they are now, within the run's time left; what it
// writes comes back. Any other program is missing, as on a machine without it (ENOENT). The worker
// reads the command line (workers/shared/interpreterCommand.ts); this module gives Node's API.
const EventEmitter = require("events");
const { PassThrough } = require("stream");
const path = require("path");
const { host, spawnError, systemError, invalidArgType, children } = __skillbox;

function argsOf(args) {
  if (args === undefined || args === null) return [];
  if (!Array.isArray(args)) throw invalidArgType("args", "an instance of Array", args);
  return args.map(String);
}

function stringEnv(env) {
  const out = {};
  for (const [key, value] of Object.entries(env ?? {}))
    if (value !== undefined) out[key] = String(value);
  return out;
}

function inputBytes(input) {
  if (input === undefined || input === null) return new Uint8Array(0);
  if (typeof input === "string") return Buffer.from(input);
  if (ArrayBuffer.isView(input))
    return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw invalidArgType("options.input", ["string", "Buffer", "TypedArray", "DataView"], input);
}

/** `options.stdio` as three entries ('pipe', 'inherit' or 'ignore'). */
function stdioOf(options, defaults) {
  const stdio = options.stdio;
  if (typeof stdio === "string") return [stdio, stdio, stdio];
  if (Array.isArray(stdio))
    return [0, 1, 2].map((i) =>
      typeof stdio[i] === "string" ? stdio[i] : stdio[i] == null ? "pipe" : "inherit",
    );
  return defaults;
}

/** The command line a `shell: true` call gives `/bin/sh -c`, as Node joins it. */
function shellCommand(file, args) {
  return [file, ...args].join(" ");
}

/**
 * What the worker needs to start the child (it reads the command line as the programs do):
 * the program, its arguments, where it starts and the variables it gets on top of the run's.
 */
function childRequest(file, args, options) {
  const cwd = options.cwd !== undefined ? path.resolve(String(options.cwd)) : process.cwd();
  const env = options.env ? stringEnv(options.env) : {};
  return JSON.stringify({ file, args, cwd, env });
}

function outputOf(text, encoding) {
  const bytes = Buffer.from(text);
  return encoding && encoding !== "buffer" ? bytes.toString(encoding) : bytes;
}

function noWaitError(syscall, file, args) {
  return systemError(
    `${syscall} ${file} ENOSYS: this page is not cross-origin isolated, so a script cannot wait for a child process; spawn, exec and execFile work`,
    { errno: -38, code: "ENOSYS", syscall: `${syscall} ${file}`, path: file, spawnargs: args },
  );
}

let lastPid = 1000;

/** spawnSync's result for `file` (Node's shape: pid, output, stdout, stderr, status, signal). */
function spawnSyncResult(syscall, file, args, options, defaults) {
  const stdio = stdioOf(options, defaults);
  const empty = { pid: 0, output: null, stdout: null, stderr: null, status: null, signal: null };
  // A copy: a Buffer may be a view into a larger pool.
  const input = new Uint8Array(inputBytes(options.input));
  const answer = host("childRunSync", childRequest(file, args, options), input.buffer);
  if (answer === null) return { ...empty, error: noWaitError(syscall, file, args) };
  const outcome = JSON.parse(answer);
  if (outcome.notFound) return { ...empty, error: spawnError(syscall, file, args) };
  const { exitCode, stdout, stderr } = outcome;
  const encoding = options.encoding;
  const streams = [stdout, stderr].map((text, i) => {
    if (stdio[i + 1] === "inherit") {
      (i === 0 ? process.stdout : process.stderr).write(text);
      return null;
    }
    return stdio[i + 1] === "ignore" ? null : outputOf(text, encoding);
  });
  return {
    pid: ++lastPid,
    output: [null, ...streams],
    stdout: streams[0],
    stderr: streams[1],
    status: exitCode,
    signal: null,
  };
}

function optionsOf(args, options) {
  if (!Array.isArray(args) && args !== undefined && args !== null && typeof args === "object") {
    return [[], args];
  }
  return [argsOf(args), options ?? {}];
}

function spawnSync(file, args, options) {
  const [list, opts] = optionsOf(args, options);
  if (opts.shell)
    return spawnSyncResult("spawnSync", "/bin/sh", ["-c", shellCommand(file, list)], opts, [
      "pipe",
      "pipe",
      "pipe",
    ]);
  return spawnSyncResult("spawnSync", String(file), list, opts, ["pipe", "pipe", "pipe"]);
}

/** Throws as Node's execSync/execFileSync do for a failed start or a non-zero exit. */
function checkSync(result, command) {
  if (result.error) {
    Object.assign(result.error, result);
    throw result.error;
  }
  if (result.status !== 0) {
    const stderr = result.stderr && result.stderr.length > 0 ? `\n${result.stderr.toString()}` : "";
    const { error: _error, ...fields } = result;
    throw Object.assign(new Error(`Command failed: ${command}${stderr}`), fields);
  }
  return result.stdout;
}

function execSync(command, options = {}) {
  const result = spawnSyncResult("spawnSync", "/bin/sh", ["-c", String(command)], options, [
    "pipe",
    "pipe",
    "inherit",
  ]);
  return checkSync(result, String(command));
}

function execFileSync(file, args, options) {
  const [list, opts] = optionsOf(args, options);
  const result = opts.shell
    ? spawnSyncResult("spawnSync", "/bin/sh", ["-c", shellCommand(file, list)], opts, [
        "pipe",
        "pipe",
        "inherit",
      ])
    : spawnSyncResult("spawnSync", String(file), list, opts, ["pipe", "pipe", "inherit"]);
  return checkSync(result, [file, ...list].join(" "));
}

let lastChildId = 0;

class ChildProcess extends EventEmitter {
  constructor() {
    super();
    this.pid = undefined;
    this.exitCode = null;
    this.signalCode = null;
    this.killed = false;
    this.connected = false;
    this.stdin = null;
    this.stdout = null;
    this.stderr = null;
    this.stdio = [null, null, null];
  }
  kill(signal = "SIGTERM") {
    if (this.exitCode !== null || this.signalCode !== null) return false;
    // The child's worker goes on to its end; it is reported as ended by the signal.
    this.killed = true;
    this._killSignal = typeof signal === "number" ? "SIGTERM" : String(signal);
    return true;
  }
  ref() {}
  unref() {}
  disconnect() {}
  send() {
    return false;
  }
}

/**
 * Starts `file` as a child: its streams are set up now, the program starts once the parent's
 * current turn is over (so input written and ended at once reaches it), or once its stdin ends
 * if the parent has begun writing. `onOutcome` hears the whole output before the events.
 */
function startChild(syscall, file, args, options, onOutcome) {
  const child = new ChildProcess();
  child.spawnfile = file;
  child.spawnargs = [file, ...args];
  const stdio = stdioOf(options, ["pipe", "pipe", "pipe"]);
  const chunks = [];
  let wrote = false;
  if (stdio[0] === "pipe") {
    child.stdin = new PassThrough();
    child.stdin.on("data", (chunk) => {
      wrote = true;
      chunks.push(Buffer.from(chunk));
    });
  }
  if (stdio[1] === "pipe") child.stdout = new PassThrough();
  if (stdio[2] === "pipe") child.stderr = new PassThrough();
  child.stdio = [child.stdin, child.stdout, child.stderr];
  for (const stream of [child.stdout, child.stderr]) {
    if (stream && options.encoding && options.encoding !== "buffer")
      stream.setEncoding(options.encoding);
  }

  const fail = (error) => {
    child.exitCode = -2;
    onOutcome?.(null, error);
    child.emit("error", error);
    child.stdout?.end();
    child.stderr?.end();
    child.emit("close", -2, null);
  };

  const begin = () => {
    const id = ++lastChildId;
    const input = Buffer.concat(chunks);
    const request = childRequest(file, args, options);
    if (!host("childStart", id, request, new Uint8Array(input).buffer)) {
      fail(spawnError(syscall, file, args));
      return;
    }
    children.set(id, (outcome) => {
      children.delete(id);
      if (outcome.notFound) fail(spawnError(syscall, file, args));
      else finish(outcome);
    });
  };

  const finish = ({ exitCode, stdout, stderr }) => {
    const signal = child.killed ? child._killSignal : null;
    child.exitCode = signal ? null : exitCode;
    child.signalCode = signal;
    onOutcome?.({ exitCode: child.exitCode, signal, stdout, stderr });
    const open = [];
    [
      [child.stdout, process.stdout, stdio[1], stdout],
      [child.stderr, process.stderr, stdio[2], stderr],
    ].forEach(([stream, parent, mode, text]) => {
      if (mode === "inherit") parent.write(text);
      if (!stream) return;
      if (text.length > 0) stream.write(Buffer.from(text));
      stream.end();
      if (stream.listenerCount("data") > 0 || stream.readableFlowing) open.push(stream);
    });
    child.emit("exit", child.exitCode, signal);
    let waiting = open.length;
    const closed = () => {
      if (--waiting <= 0) child.emit("close", child.exitCode, signal);
    };
    if (waiting === 0) process.nextTick(() => child.emit("close", child.exitCode, signal));
    for (const stream of open) stream.once("end", closed);
  };

  child.pid = ++lastPid;
  process.nextTick(() => child.emit("spawn"));
  setImmediate(() => {
    if (wrote && child.stdin && !child.stdin.writableEnded) child.stdin.once("finish", begin);
    else begin();
  });
  return child;
}

function spawn(file, args, options) {
  const [list, opts] = optionsOf(args, options);
  if (opts.shell) return startChild("spawn", "/bin/sh", ["-c", shellCommand(file, list)], opts);
  return startChild("spawn", String(file), list, opts);
}

function callbackOf(...candidates) {
  return candidates.find((c) => typeof c === "function");
}

/** exec and execFile: the whole output to a callback, with Node's error for a failed command. */
function execChild(file, args, options, command, done) {
  const encoding = options.encoding === undefined ? "utf8" : options.encoding;
  const decode = (text) => (encoding && encoding !== "buffer" ? text : Buffer.from(text));
  const quiet = { ...options, encoding: undefined };
  return startChild("spawn", file, args, quiet, (outcome, error) => {
    if (!done) return;
    if (error) {
      error.cmd = command;
      done(error, decode(""), decode(""));
      return;
    }
    const { exitCode, signal, stdout, stderr } = outcome;
    if (exitCode === 0 && signal === null) {
      done(null, decode(stdout), decode(stderr));
      return;
    }
    const failed = new Error(`Command failed: ${command}\n${stderr}`);
    Object.assign(failed, { code: exitCode, killed: signal !== null, signal, cmd: command });
    done(failed, decode(stdout), decode(stderr));
  });
}

function exec(command, options, callback) {
  const done = callbackOf(options, callback);
  const opts = typeof options === "object" && options !== null ? options : {};
  return execChild("/bin/sh", ["-c", String(command)], opts, String(command), done);
}

function execFile(file, args, options, callback) {
  const done = callbackOf(args, options, callback);
  const list = Array.isArray(args) ? args.map(String) : [];
  const opts =
    [args, options].find((o) => typeof o === "object" && o !== null && !Array.isArray(o)) ?? {};
  const command = [file, ...list].join(" ");
  if (opts.shell) return execChild("/bin/sh", ["-c", command], opts, command, done);
  return execChild(String(file), list, opts, command, done);
}

function fork(modulePath, args, options) {
  const [list, opts] = optionsOf(args, options);
  return startChild("spawn", process.execPath, [String(modulePath), ...list], opts);
}

const promisify = Symbol.for("nodejs.util.promisify.custom");
exec[promisify] = (command, options) =>
  new Promise((resolve, reject) =>
    exec(command, options, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    ),
  );
execFile[promisify] = (file, args, options) =>
  new Promise((resolve, reject) =>
    execFile(file, args, options, (error, stdout, stderr) =>
      error ? reject(Object.assign(error, { stdout, stderr })) : resolve({ stdout, stderr }),
    ),
  );

module.exports = {
  ChildProcess,
  spawn,
  spawnSync,
  exec,
  execSync,
  execFile,
  execFileSync,
  fork,
};
