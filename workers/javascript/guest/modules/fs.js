// node:fs — sync, callback and promise APIs over the run's in-memory files (held by the worker).
const host = __skillbox.host;
const pathModule = require("path");
const { Buffer } = require("buffer");

function toPath(path) {
  if (path instanceof URL) path = path.pathname;
  if (Buffer.isBuffer(path)) path = path.toString();
  if (typeof path !== "string") {
    const err = new TypeError(
      `The "path" argument must be of type string or an instance of Buffer or URL. Received ${path === null ? "null" : typeof path}`,
    );
    err.code = "ERR_INVALID_ARG_TYPE";
    throw err;
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

const fs = {
  constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1 },
  Stats,
  Dirent,
  readFileSync(path, options) {
    if (path === 0 || path === "/dev/stdin") return encodingOf(options) ? "" : Buffer.alloc(0);
    const bytes = Buffer.from(call("readFile", path, toPath(path)));
    const encoding = encodingOf(options);
    return encoding ? bytes.toString(encoding) : bytes;
  },
  writeFileSync(path, data, options) {
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
  writeSync(fd, data) {
    if (fd !== 1 && fd !== 2)
      throw new Error("fs.writeSync only writes to stdout (1) and stderr (2) in the sandbox");
    const text = typeof data === "string" ? data : Buffer.from(data).toString();
    host("write", fd, text);
    return text.length;
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
];

const promises = {};
for (const name of SYNC_NAMES) {
  const sync = fs[`${name}Sync`];
  promises[name] = (...args) => {
    try {
      return Promise.resolve(sync(...args));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  fs[name] = (...args) => {
    const callback = args.pop();
    if (typeof callback !== "function") {
      const err = new TypeError('The "cb" argument must be of type function. Received undefined');
      err.code = "ERR_INVALID_ARG_TYPE";
      throw err;
    }
    let result;
    let failure = null;
    try {
      result = sync(...args);
    } catch (error) {
      failure = error;
    }
    process.nextTick(() => (failure ? callback(failure) : callback(null, result)));
  };
}
fs.exists = (path, callback) => process.nextTick(() => callback(fs.existsSync(path)));
promises.constants = fs.constants;
fs.promises = promises;
module.exports = fs;
