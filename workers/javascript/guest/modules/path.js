// node:path (POSIX only: the sandbox is a POSIX file system).
function normalizeString(path, allowAboveRoot) {
  let res = "";
  let lastSegmentLength = 0;
  let lastSlash = -1;
  let dots = 0;
  let code;
  for (let i = 0; i <= path.length; ++i) {
    if (i < path.length) code = path[i];
    else if (code === "/") break;
    else code = "/";
    if (code === "/") {
      if (lastSlash === i - 1 || dots === 1) {
        // skip
      } else if (dots === 2) {
        if (res.length < 2 || lastSegmentLength !== 2 || !res.endsWith("..")) {
          if (res.length > 2) {
            const lastSlashIndex = res.lastIndexOf("/");
            if (lastSlashIndex === -1) {
              res = "";
              lastSegmentLength = 0;
            } else {
              res = res.slice(0, lastSlashIndex);
              lastSegmentLength = res.length - 1 - res.lastIndexOf("/");
            }
            lastSlash = i;
            dots = 0;
            continue;
          } else if (res.length !== 0) {
            res = "";
            lastSegmentLength = 0;
            lastSlash = i;
            dots = 0;
            continue;
          }
        }
        if (allowAboveRoot) {
          res += res.length > 0 ? "/.." : "..";
          lastSegmentLength = 2;
        }
      } else {
        if (res.length > 0) res += `/${path.slice(lastSlash + 1, i)}`;
        else res = path.slice(lastSlash + 1, i);
        lastSegmentLength = i - lastSlash - 1;
      }
      lastSlash = i;
      dots = 0;
    } else if (code === "." && dots !== -1) {
      ++dots;
    } else {
      dots = -1;
    }
  }
  return res;
}

function assertPath(path, name = "path") {
  if (typeof path !== "string") throw invalidArgType(name, "of type string", path);
}

const posix = {
  sep: "/",
  delimiter: ":",
  resolve(...args) {
    let resolvedPath = "";
    let resolvedAbsolute = false;
    for (let i = args.length - 1; i >= -1 && !resolvedAbsolute; i--) {
      const path = i >= 0 ? args[i] : process.cwd();
      assertPath(path, `paths[${i}]`);
      if (path.length === 0) continue;
      resolvedPath = `${path}/${resolvedPath}`;
      resolvedAbsolute = path[0] === "/";
    }
    resolvedPath = normalizeString(resolvedPath, !resolvedAbsolute);
    if (resolvedAbsolute) return `/${resolvedPath}`;
    return resolvedPath.length > 0 ? resolvedPath : ".";
  },
  normalize(path) {
    assertPath(path);
    if (path.length === 0) return ".";
    const isAbsolute = path[0] === "/";
    const trailingSeparator = path[path.length - 1] === "/";
    path = normalizeString(path, !isAbsolute);
    if (path.length === 0) {
      if (isAbsolute) return "/";
      return trailingSeparator ? "./" : ".";
    }
    if (trailingSeparator) path += "/";
    return isAbsolute ? `/${path}` : path;
  },
  isAbsolute(path) {
    assertPath(path);
    return path.length > 0 && path[0] === "/";
  },
  join(...args) {
    if (args.length === 0) return ".";
    let joined;
    for (let i = 0; i < args.length; ++i) {
      const arg = args[i];
      assertPath(arg);
      if (arg.length > 0) joined = joined === undefined ? arg : `${joined}/${arg}`;
    }
    return joined === undefined ? "." : posix.normalize(joined);
  },
  relative(from, to) {
    assertPath(from, "from");
    assertPath(to, "to");
    if (from === to) return "";
    from = posix.resolve(from);
    to = posix.resolve(to);
    if (from === to) return "";
    const fromStart = 1;
    const fromEnd = from.length;
    const fromLen = fromEnd - fromStart;
    const toStart = 1;
    const toLen = to.length - toStart;
    const length = Math.min(fromLen, toLen);
    let lastCommonSep = -1;
    let i = 0;
    for (; i < length; i++) {
      const fromCode = from[fromStart + i];
      if (fromCode !== to[toStart + i]) break;
      else if (fromCode === "/") lastCommonSep = i;
    }
    if (i === length) {
      if (toLen > length) {
        if (to[toStart + i] === "/") return to.slice(toStart + i + 1);
        if (i === 0) return to.slice(toStart + i);
      } else if (fromLen > length) {
        if (from[fromStart + i] === "/") lastCommonSep = i;
        else if (i === 0) lastCommonSep = 0;
      }
    }
    let out = "";
    for (i = fromStart + lastCommonSep + 1; i <= fromEnd; ++i) {
      if (i === fromEnd || from[i] === "/") out += out.length === 0 ? ".." : "/..";
    }
    return `${out}${to.slice(toStart + lastCommonSep)}`;
  },
  toNamespacedPath(path) {
    return path;
  },
  dirname(path) {
    assertPath(path);
    if (path.length === 0) return ".";
    const hasRoot = path[0] === "/";
    let end = -1;
    let matchedSlash = true;
    for (let i = path.length - 1; i >= 1; --i) {
      if (path[i] === "/") {
        if (!matchedSlash) {
          end = i;
          break;
        }
      } else {
        matchedSlash = false;
      }
    }
    if (end === -1) return hasRoot ? "/" : ".";
    if (hasRoot && end === 1) return "//";
    return path.slice(0, end);
  },
  basename(path, suffix) {
    assertPath(path);
    if (suffix !== undefined) assertPath(suffix, "suffix");
    // Node's rule: a suffix that is the whole path leaves nothing, one that is the whole last
    // part leaves that part.
    if (suffix === path) return "";
    let end = path.length;
    while (end > 1 && path[end - 1] === "/") end--;
    let start = path.lastIndexOf("/", end - 1) + 1;
    if (end === 0) start = 0;
    let base = path.slice(start, end);
    if (suffix !== undefined && suffix.length > 0 && base !== suffix && base.endsWith(suffix)) {
      base = base.slice(0, base.length - suffix.length);
    }
    return base;
  },
  extname(path) {
    assertPath(path);
    const base = posix.basename(path);
    const dot = base.lastIndexOf(".");
    if (dot <= 0 || (dot === 1 && base === "..")) return "";
    return base.slice(dot);
  },
  format(object) {
    const dir = object.dir || object.root;
    const base =
      object.base ||
      `${object.name || ""}${object.ext ? (object.ext[0] === "." ? "" : ".") + object.ext : ""}`;
    if (!dir) return base;
    return dir === object.root ? `${dir}${base}` : `${dir}/${base}`;
  },
  parse(path) {
    assertPath(path);
    const root = path[0] === "/" ? "/" : "";
    const base = posix.basename(path);
    const ext = posix.extname(path);
    let dir = posix.dirname(path);
    if (dir === "." && !path.startsWith(".")) dir = "";
    if (path === "/") return { root: "/", dir: "/", base: "", ext: "", name: "" };
    return { root, dir, base, ext, name: ext ? base.slice(0, base.length - ext.length) : base };
  },
  matchesGlob() {
    throw new Error("path.matchesGlob is not available in the sandbox");
  },
};
posix.posix = posix;
posix.win32 = posix;
module.exports = posix;
