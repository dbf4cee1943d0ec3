// node:fs — sync, callback and promise APIs over the run's in-memory files (held by the worker).
const host = __skillbox.host;
const pathModule = require("path");
const { Buffer } = require("buffer");

function toPath(path) {
  if (path instanceof URL) path = path.pathname;
  if (Buffer.isBuffer(path)) path = path.toString();
  if (typeof path !== "string") {
    throw invalidArgType("path", "of type string or an instance of Buffer or URL", path);
  }
  return pathModule.resolve(path);
}

function encodingOf(options) {
  return typeof options === "string" ? options : options?.encoding;
}

function toBytes(data, options) {
  if (typeof data === "string") return Buffer.from(data, encodingOf(options) ?? "utf8");
  if (ArrayBuffer.isView(data)) return Buffer.from(data);
  return Buffer.from(String(data));
}

function bytesBuffer(bytes) {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

/** Rewrites the host's absolute path in an error back to what the script passed in. */
function withUserPath(error, shown) {
  if (error && typeof error === "object" && typeof error.path === "string" && shown !== undefined) {
    error.message = error.message.replace(`'${error.path}'`, `'${shown}'`);
    error.path = shown;
  }
  return error;
}

function call(op, shown, ...args) {
  try {
    return host(op, ...args);
  } catch (error) {
    throw withUserPath(error, shown);
  }
}

/** Linux's magic number for tmpfs, the kind of file system the run's memory-held files are. */
const TMPFS_MAGIC = 0x01021994;
const STATFS_BLOCK = 4096;

class StatFs {
  constructor(fields) {
    Object.assign(this, fields);
  }
}

class Stats {
  constructor(info) {
    const isDir = info.type === "directory";
    this.dev = 1;
    this.mode = isDir ? 0o40755 : 0o100644;
    this.nlink = 1;
    this.uid = 1000;
    this.gid = 1000;
    this.rdev = 0;
    this.blksize = 4096;
    this.ino = 0;
    this.size = info.size;
    this.blocks = Math.ceil(info.size / 512);
    this.atimeMs = info.mtimeMs;
    this.mtimeMs = info.mtimeMs;
    this.ctimeMs = info.mtimeMs;
    this.birthtimeMs = info.mtimeMs;
    this.atime = new Date(info.mtimeMs);
    this.mtime = new Date(info.mtimeMs);
    this.ctime = new Date(info.mtimeMs);
    this.birthtime = new Date(info.mtimeMs);
    Object.defineProperty(this, "_dir", { value: isDir });
  }
  isFile() {
    return !this._dir;
  }
  isDirectory() {
    return this._dir;
  }
  isSymbolicLink() {
    return false;
  }
  isFIFO() {
    return false;
  }
  isSocket() {
    return false;
  }
  isBlockDevice() {
    return false;
  }
  isCharacterDevice() {
    return false;
  }
}

class Dirent {
  constructor(name, parentPath, isDir) {
    this.name = name;
    this.parentPath = parentPath;
    this.path = parentPath;
    Object.defineProperty(this, "_dir", { value: isDir });
  }
  isFile() {
    return !this._dir;
  }
  isDirectory() {
    return this._dir;
  }
  isSymbolicLink() {
    return false;
  }
}

// ---- descriptors: positions over whole-file reads and writes of the worker's files ----
const descriptors = new Map();
let nextDescriptor = 3;

function badDescriptor(syscall) {
  return __skillbox.systemError(`EBADF: bad file descriptor, ${syscall}`, {
    errno: -9,
    code: "EBADF",
    syscall,
  });
}

function descriptor(fd, syscall) {
  if (typeof fd !== "number" || !Number.isInteger(fd)) {
    throw invalidArgType("fd", "of type number", fd);
  }
  const d = descriptors.get(fd);
  if (!d) throw badDescriptor(syscall);
  return d;
}

const FLAGS = {
  r: { read: true },
  "r+": { read: true, write: true },
  rs: { read: true },
  "rs+": { read: true, write: true },
  w: { write: true, create: true, truncate: true },
  wx: { write: true, create: true, truncate: true, exclusive: true },
  "w+": { read: true, write: true, create: true, truncate: true },
  "wx+": { read: true, write: true, create: true, truncate: true, exclusive: true },
  a: { write: true, create: true, append: true },
  ax: { write: true, create: true, append: true, exclusive: true },
  "a+": { read: true, write: true, create: true, append: true },
  "ax+": { read: true, write: true, create: true, append: true, exclusive: true },
};
FLAGS.xw = FLAGS.wx;
FLAGS["xw+"] = FLAGS["wx+"];
FLAGS.xa = FLAGS.ax;
FLAGS["xa+"] = FLAGS["ax+"];
FLAGS.as = FLAGS.a;
FLAGS["as+"] = FLAGS["a+"];

function openFlags(flags) {
  if (typeof flags === "number") {
    const access = flags & 3;
    return {
      read: access !== 1,
      write: access !== 0,
      create: (flags & 0o100) !== 0,
      exclusive: (flags & 0o200) !== 0,
      truncate: (flags & 0o1000) !== 0,
      append: (flags & 0o2000) !== 0,
    };
  }
  const mode = FLAGS[String(flags)];
  if (!mode) {
    const err = new TypeError(`The value "${flags}" is invalid for option "flags"`);
    err.code = "ERR_INVALID_ARG_VALUE";
    throw err;
  }
  return {
    read: false,
    write: false,
    create: false,
    truncate: false,
    append: false,
    exclusive: false,
    ...mode,
  };
}

/** What is left of a descriptor's file from its position; reading moves it to the end. */
function readRest(fd) {
  const d = descriptor(fd, "read");
  const bytes = Buffer.from(host("readFile", d.path)).subarray(d.position);
  d.position += bytes.length;
  return Buffer.from(bytes);
}

/**
 * readv/writev: `move(buffer, at)` for each buffer in turn, from `position` or else the
 * descriptor's own; a buffer moved only in part (a read at the end of the file) ends it.
 */
function eachBuffer(buffers, position, move) {
  let total = 0;
  let at = typeof position === "number" ? position : null;
  for (const buffer of buffers) {
    const count = move(buffer, at);
    total += count;
    if (at !== null) at += count;
    if (count < buffer.byteLength) break;
  }
  return total;
}

const fs = {
  constants: {
    F_OK: 0,
    R_OK: 4,
    W_OK: 2,
    X_OK: 1,
    COPYFILE_EXCL: 1,
    COPYFILE_FICLONE: 2,
    COPYFILE_FICLONE_FORCE: 4,
    O_RDONLY: 0,
    O_WRONLY: 1,
    O_RDWR: 2,
    O_CREAT: 0o100,
    O_EXCL: 0o200,
    O_TRUNC: 0o1000,
    O_APPEND: 0o2000,
    S_IFMT: 0o170000,
    S_IFREG: 0o100000,
    S_IFDIR: 0o40000,
  },
  Stats,
  Dirent,
  readFileSync(path, options) {
    if (path === 0 || path === "/dev/stdin") {
      const bytes = __skillbox.takeStdin();
      const encoding = encodingOf(options);
      return encoding ? bytes.toString(encoding) : bytes;
    }
    const bytes =
      typeof path === "number" ? readRest(path) : Buffer.from(call("readFile", path, toPath(path)));
    const encoding = encodingOf(options);
    return encoding ? bytes.toString(encoding) : bytes;
  },
  writeFileSync(path, data, options) {
    if (typeof path === "number" && path > 2) {
      fs.writeSync(path, toBytes(data, options));
      return;
    }
    const flag =
      typeof options === "object" && options !== null ? String(options.flag ?? "w") : "w";
    call(
      "writeFile",
      path,
      toPath(path),
      bytesBuffer(toBytes(data, options)),
      flag.startsWith("a"),
      flag.includes("x"),
    );
  },
  appendFileSync(path, data, options) {
    call("writeFile", path, toPath(path), bytesBuffer(toBytes(data, options)), true);
  },
  existsSync(path) {
    try {
      return host("exists", toPath(path));
    } catch {
      return false;
    }
  },
  /**
   * The run's files live in memory: statfs reports them as a tmpfs whose size is the run's memory
   * budget, and whose free blocks are what the files leave of it.
   */
  statfsSync(path, options) {
    try {
      call("stat", path, toPath(path));
    } catch (error) {
      error.syscall = "statfs";
      error.message = error.message.replace(", stat '", ", statfs '");
      throw error;
    }
    const { totalBytes, usedBytes } = JSON.parse(host("statfs"));
    const blocks = Math.floor(totalBytes / STATFS_BLOCK);
    const free = Math.max(0, blocks - Math.ceil(usedBytes / STATFS_BLOCK));
    const number = options?.bigint ? BigInt : Number;
    return new StatFs({
      type: number(TMPFS_MAGIC),
      bsize: number(STATFS_BLOCK),
      blocks: number(blocks),
      bfree: number(free),
      bavail: number(free),
      files: number(blocks),
      ffree: number(free),
    });
  },
  accessSync(path) {
    if (!host("exists", toPath(path))) call("stat", path, toPath(path));
  },
  statSync(path, options) {
    try {
      return new Stats(JSON.parse(call("stat", path, toPath(path))));
    } catch (error) {
      if (options?.throwIfNoEntry === false && error.code === "ENOENT") return undefined;
      throw error;
    }
  },
  readdirSync(path, options) {
    const names = JSON.parse(call("readdir", path, toPath(path)));
    if (!options?.withFileTypes) return names;
    const dir = toPath(path);
    return names.map(
      (name) =>
        new Dirent(
          name,
          String(path),
          JSON.parse(host("stat", `${dir}/${name}`)).type === "directory",
        ),
    );
  },
  mkdirSync(path, options) {
    const recursive = typeof options === "object" && options !== null && options.recursive === true;
    const full = toPath(path);
    let first;
    if (recursive) {
      for (let dir = full; dir !== "/" && !host("exists", dir); dir = pathModule.dirname(dir))
        first = dir;
    }
    const created = call("mkdir", path, full, recursive);
    return recursive ? (created ? first : undefined) : undefined;
  },
  rmSync(path, options) {
    call("rm", path, toPath(path), options?.recursive === true, options?.force === true);
  },
  rmdirSync(path, options) {
    call("rmdir", path, toPath(path), options?.recursive === true);
  },
  unlinkSync(path) {
    call("unlink", path, toPath(path));
  },
  renameSync(from, to) {
    call("rename", from, toPath(from), toPath(to));
  },
  copyFileSync(from, to) {
    call("copyFile", from, toPath(from), toPath(to));
  },
  cpSync(from, to, options) {
    const stat = fs.statSync(from);
    if (stat.isDirectory()) {
      if (!options?.recursive) {
        const err = new Error(`Recursive option is required to copy a directory: ${from}`);
        err.code = "ERR_FS_EISDIR";
        throw err;
      }
      fs.mkdirSync(to, { recursive: true });
      for (const name of fs.readdirSync(from))
        fs.cpSync(`${from}/${name}`, `${to}/${name}`, options);
    } else {
      fs.copyFileSync(from, to);
    }
  },
  realpathSync(path) {
    call("stat", path, toPath(path));
    return toPath(path);
  },
  writeSync(fd, data, offsetOrPosition, lengthOrEncoding, position) {
    if (fd === 1 || fd === 2) {
      const text = typeof data === "string" ? data : Buffer.from(data).toString();
      host("write", fd, text);
      return typeof data === "string" ? Buffer.byteLength(data) : data.byteLength;
    }
    const d = descriptor(fd, "write");
    let bytes;
    let at;
    if (typeof data === "string") {
      bytes = Buffer.from(data, typeof lengthOrEncoding === "string" ? lengthOrEncoding : "utf8");
      at = offsetOrPosition;
    } else {
      const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      const offset = offsetOrPosition ?? 0;
      const length = typeof lengthOrEncoding === "number" ? lengthOrEncoding : view.length - offset;
      bytes = view.subarray(offset, offset + length);
      at = position;
    }
    if (!d.write) throw badDescriptor("write");
    const explicit = typeof at === "number" && at >= 0;
    // The size decides: a write at the end appends; only one elsewhere rewrites the file.
    const size = JSON.parse(host("stat", d.path)).size;
    const start = d.append ? size : explicit ? at : d.position;
    if (start === size) {
      host("writeFile", d.path, bytesBuffer(bytes), true);
    } else {
      const current = Buffer.from(host("readFile", d.path));
      const next = Buffer.alloc(Math.max(current.length, start + bytes.length));
      current.copy(next);
      bytes.copy(next, start);
      host("writeFile", d.path, bytesBuffer(next), false);
    }
    if (!explicit) d.position = start + bytes.length;
    return bytes.length;
  },
  openSync(path, flags = "r") {
    const full = toPath(path);
    const mode = openFlags(flags);
    if (mode.create) {
      call("writeFile", path, full, new ArrayBuffer(0), true, mode.exclusive);
    } else {
      try {
        host("stat", full);
      } catch (error) {
        error.message = error.message.replace(/, stat '/, ", open '");
        error.syscall = "open";
        throw withUserPath(error, path);
      }
    }
    if (mode.truncate) call("writeFile", path, full, new ArrayBuffer(0), false);
    const fd = nextDescriptor++;
    descriptors.set(fd, { path: full, position: 0, ...mode });
    return fd;
  },
  closeSync(fd) {
    descriptor(fd, "close");
    descriptors.delete(fd);
  },
  readSync(fd, buffer, offsetOrOptions, length, position) {
    const d = descriptor(fd, "read");
    if (!d.read) throw badDescriptor("read");
    let offset = offsetOrOptions;
    if (offsetOrOptions !== null && typeof offsetOrOptions === "object") {
      ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOptions);
    }
    offset ??= 0;
    length ??= buffer.byteLength - offset;
    const bytes = Buffer.from(call("readFile", undefined, d.path));
    const explicit = typeof position === "number" && position >= 0;
    const start = explicit ? position : d.position;
    const count = Math.max(0, Math.min(length, bytes.length - start));
    const target = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    bytes.copy(target, offset, start, start + count);
    if (!explicit) d.position = start + count;
    return count;
  },
  /** Reads into each buffer in turn, until one is not filled (the end of the file). */
  readvSync(fd, buffers, position) {
    return eachBuffer(buffers, position, (buffer, at) =>
      fs.readSync(fd, buffer, 0, buffer.byteLength, at),
    );
  },
  writevSync(fd, buffers, position) {
    return eachBuffer(buffers, position, (buffer, at) =>
      fs.writeSync(fd, buffer, 0, buffer.byteLength, at),
    );
  },
  fstatSync(fd) {
    return fs.statSync(descriptor(fd, "fstat").path);
  },
  truncateSync(path, length = 0) {
    const full = typeof path === "number" ? descriptor(path, "ftruncate").path : toPath(path);
    const current = Buffer.from(call("readFile", path, full));
    const next = Buffer.alloc(length);
    current.copy(next, 0, 0, Math.min(length, current.length));
    call("writeFile", path, full, bytesBuffer(next), false);
  },
  ftruncateSync(fd, length = 0) {
    fs.truncateSync(fd, length);
  },
  fsyncSync(fd) {
    descriptor(fd, "fsync");
  },
  fdatasyncSync(fd) {
    descriptor(fd, "fdatasync");
  },
  mkdtempSync(prefix) {
    for (;;) {
      const candidate = `${prefix}${Math.random().toString(36).slice(2, 8)}`;
      if (!fs.existsSync(candidate)) {
        fs.mkdirSync(candidate);
        return candidate;
      }
    }
  },
};
fs.lstatSync = fs.statSync;
fs.realpathSync.native = fs.realpathSync;

const SYNC_NAMES = [
  "statfs",
  "readFile",
  "writeFile",
  "appendFile",
  "stat",
  "lstat",
  "readdir",
  "mkdir",
  "rm",
  "rmdir",
  "unlink",
  "rename",
  "copyFile",
  "cp",
  "access",
  "realpath",
  "mkdtemp",
  "open",
  "close",
  "fstat",
  "truncate",
  "ftruncate",
  "fsync",
  "fdatasync",
];

/** An open directory read entry by entry, as fs.opendir gives it (entries listed at open). */
class Dir {
  constructor(path, entries) {
    this.path = path;
    Object.defineProperty(this, "_entries", { value: entries });
    Object.defineProperty(this, "_closed", { value: false, writable: true });
  }
  _checkOpen() {
    if (this._closed) throw nodeError(Error, "ERR_DIR_CLOSED", "Directory handle was closed");
  }
  readSync() {
    this._checkOpen();
    return this._entries.shift() ?? null;
  }
  read(callback) {
    return settleLater(() => this.readSync(), callback);
  }
  closeSync() {
    this._checkOpen();
    this._closed = true;
  }
  close(callback) {
    return settleLater(() => this.closeSync(), callback);
  }
  async *[Symbol.asyncIterator]() {
    try {
      for (let entry = this.readSync(); entry !== null; entry = this.readSync()) yield entry;
    } finally {
      if (!this._closed) this.closeSync();
    }
  }
}

/** A synchronous step handed to a callback on the next tick, or as a promise without one. */
function settleLater(step, callback) {
  let result;
  let failure = null;
  try {
    result = step();
  } catch (error) {
    failure = error;
  }
  if (typeof callback !== "function") {
    return failure ? Promise.reject(failure) : Promise.resolve(result);
  }
  process.nextTick(() => (failure ? callback(failure) : callback(null, result)));
  return undefined;
}

fs.opendirSync = (path, options) => {
  try {
    return new Dir(String(path), fs.readdirSync(path, { ...options, withFileTypes: true }));
  } catch (error) {
    // readdir names its syscall scandir; opening a directory is opendir in Node's errors.
    if (error.syscall === "scandir") {
      error.syscall = "opendir";
      error.message = error.message.replace("scandir", "opendir");
    }
    throw error;
  }
};
fs.Dir = Dir;
SYNC_NAMES.push("opendir");

const promises = {};
for (const name of SYNC_NAMES) {
  const sync = fs[`${name}Sync`];
  promises[name] = (...args) => settleLater(() => sync(...args));
  fs[name] = (...args) => {
    const callback = args.pop();
    if (typeof callback !== "function") throw invalidArgType("cb", "of type function", callback);
    settleLater(() => sync(...args), callback);
  };
}
fs.exists = (path, callback) => process.nextTick(() => callback(fs.existsSync(path)));
// read, write, readv and writev call back with the byte count and the buffer(s).
for (const name of ["read", "write", "readv", "writev"]) {
  const sync = fs[`${name}Sync`];
  fs[name] = (fd, buffer, ...args) => {
    const callback = args.pop();
    try {
      const count = sync(fd, buffer, ...args);
      process.nextTick(() => callback(null, count, buffer));
    } catch (error) {
      process.nextTick(() => callback(error));
    }
  };
}

/** The object `fs/promises` `open()` gives: a descriptor with promise methods. */
class FileHandle {
  constructor(fd) {
    this.fd = fd;
  }
  async read(buffer, offset, length, position) {
    if (buffer === undefined || (buffer !== null && !ArrayBuffer.isView(buffer))) {
      const options = buffer ?? {};
      buffer = options.buffer ?? Buffer.alloc(16384);
      ({ offset = 0, length = buffer.byteLength - offset, position = null } = options);
    }
    const bytesRead = fs.readSync(this.fd, buffer, offset, length, position);
    return { bytesRead, buffer };
  }
  async write(data, ...args) {
    const bytesWritten = fs.writeSync(this.fd, data, ...args);
    return { bytesWritten, buffer: data };
  }
  async readv(buffers, position) {
    return { bytesRead: fs.readvSync(this.fd, buffers, position), buffers };
  }
  async writev(buffers, position) {
    return { bytesWritten: fs.writevSync(this.fd, buffers, position), buffers };
  }
  async readFile(options) {
    return fs.readFileSync(this.fd, options);
  }
  async writeFile(data, options) {
    fs.writeSync(this.fd, toBytes(data, options));
  }
  async appendFile(data, options) {
    fs.writeSync(this.fd, toBytes(data, options));
  }
  async stat() {
    return fs.fstatSync(this.fd);
  }
  async truncate(length) {
    fs.ftruncateSync(this.fd, length);
  }
  async sync() {}
  async datasync() {}
  async close() {
    if (descriptors.has(this.fd)) fs.closeSync(this.fd);
  }
  readLines(options) {
    return require("readline").createInterface({
      input: fs.createReadStream(null, { ...options, fd: this.fd }),
      crlfDelay: Infinity,
    });
  }
  createReadStream(options) {
    return fs.createReadStream(null, { ...options, fd: this.fd });
  }
  createWriteStream(options) {
    return fs.createWriteStream(null, { ...options, fd: this.fd });
  }
  async [Symbol.asyncDispose ?? Symbol.for("nodejs.asyncDispose")]() {
    await this.close();
  }
}
promises.open = async (path, flags, mode) => new FileHandle(fs.openSync(path, flags, mode));
promises.FileHandle = FileHandle;

// ---- streams: a read stream loads its file on first read; a write stream appends per chunk ----
function streamOptions(options) {
  return typeof options === "string" ? { encoding: options } : (options ?? {});
}

fs.createReadStream = (path, options) => {
  const { Readable } = require("stream");
  const opts = streamOptions(options);
  const chunkSize = opts.highWaterMark ?? 64 * 1024;
  let bytes;
  let at = opts.start ?? 0;
  const stream = new Readable({
    highWaterMark: chunkSize,
    encoding: opts.encoding,
    read() {
      try {
        if (bytes === undefined) {
          bytes = typeof opts.fd === "number" ? readRest(opts.fd) : fs.readFileSync(path);
          if (opts.end !== undefined) bytes = bytes.subarray(0, opts.end + 1);
          stream.bytesRead = 0;
        }
      } catch (error) {
        this.destroy(error);
        return;
      }
      if (at >= bytes.length) {
        this.push(null);
        return;
      }
      const chunk = Buffer.from(bytes.subarray(at, at + chunkSize));
      at += chunk.length;
      stream.bytesRead += chunk.length;
      this.push(chunk);
    },
  });
  stream.path = path;
  stream.fd = opts.fd ?? null;
  stream.close = (callback) => stream.destroy(null, callback);
  return stream;
};

fs.createWriteStream = (path, options) => {
  const { Writable } = require("stream");
  const opts = streamOptions(options);
  let fd = opts.fd;
  const stream = new Writable({
    decodeStrings: true,
    defaultEncoding: opts.encoding ?? "utf8",
    construct(callback) {
      try {
        if (typeof fd !== "number") fd = fs.openSync(path, opts.flags ?? "w");
        stream.fd = fd;
        callback();
      } catch (error) {
        callback(error);
      }
    },
    write(chunk, _encoding, callback) {
      try {
        stream.bytesWritten += fs.writeSync(fd, chunk);
        callback();
      } catch (error) {
        callback(error);
      }
    },
    final(callback) {
      if (opts.autoClose !== false && descriptors.has(fd)) fs.closeSync(fd);
      callback();
    },
  });
  stream.path = path;
  stream.bytesWritten = 0;
  stream.close = (callback) => stream.end(callback);
  return stream;
};
// Getters: loading the stream module costs every script that only reads a file.
Object.defineProperty(fs, "ReadStream", {
  get: () => require("stream").Readable,
  enumerable: true,
});
Object.defineProperty(fs, "WriteStream", {
  get: () => require("stream").Writable,
  enumerable: true,
});
promises.constants = fs.constants;
fs.promises = promises;
module.exports = fs;
