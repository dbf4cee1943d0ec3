// node:child_process — the sandbox has no programs: every start fails as Node fails for a
// program that does not exist (ENOENT), through the channel the API reports errors on.
const EventEmitter = require("events");
const { PassThrough } = require("stream");
const { spawnError } = __skillbox;

function argsOf(args) {
  return Array.isArray(args) ? args.map(String) : [];
}

function shellArgs(command) {
  return ["/bin/sh", ["-c", String(command)]];
}

class ChildProcess extends EventEmitter {
  constructor(file, args) {
    super();
    this.pid = undefined;
    this.exitCode = null;
    this.signalCode = null;
    this.killed = false;
    this.connected = false;
    this.spawnfile = file;
    this.spawnargs = [file, ...args];
    this.stdin = new PassThrough();
    this.stdout = new PassThrough();
    this.stderr = new PassThrough();
    this.stdio = [this.stdin, this.stdout, this.stderr];
    const error = spawnError("spawn", file, args);
    process.nextTick(() => {
      this.exitCode = -2;
      this.emit("error", error);
      this.stdout.end();
      this.stderr.end();
      this.emit("close", -2, null);
    });
  }
  kill() {
    return false;
  }
  ref() {}
  unref() {}
  disconnect() {}
  send() {
    return false;
  }
}

function spawn(file, args, _options) {
  return new ChildProcess(String(file), argsOf(args));
}

function syncResult(file, args) {
  return {
    error: spawnError("spawnSync", file, args),
    status: null,
    signal: null,
    output: null,
    pid: 0,
    stdout: null,
    stderr: null,
  };
}

function spawnSync(file, args) {
  return syncResult(String(file), argsOf(args));
}

function throwSync(file, args) {
  const { error } = syncResult(file, args);
  Object.assign(error, { status: null, signal: null, output: null, pid: 0 });
  error.stdout = null;
  error.stderr = null;
  throw error;
}

function execFileSync(file, args) {
  throwSync(String(file), argsOf(args));
}

function execSync(command) {
  const [file, args] = shellArgs(command);
  throwSync(file, args);
}

function callbackOf(...candidates) {
  return candidates.find((c) => typeof c === "function");
}

function execFile(file, args, options, callback) {
  const done = callbackOf(args, options, callback);
  const child = new ChildProcess(String(file), argsOf(args));
  if (done) child.once("error", (error) => done(error, "", ""));
  return child;
}

function exec(command, options, callback) {
  const done = callbackOf(options, callback);
  const [file, args] = shellArgs(command);
  const child = new ChildProcess(file, args);
  if (done) {
    child.once("error", (error) => {
      error.cmd = String(command);
      done(error, "", "");
    });
  }
  return child;
}

function fork(modulePath, args) {
  return new ChildProcess(process.execPath, [String(modulePath), ...argsOf(args)]);
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
