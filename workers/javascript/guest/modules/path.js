// @ts-check
// node:path: POSIX (the sandbox's own file system) and win32 (for scripts that build Windows paths).
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

const isPosixSeparator = (char) => char === "/";

/** Where the last name of a path begins and ends, past `start` (its root), trailing separators left out. */
function lastName(path, start, isSeparator) {
  let end = path.length;
  while (end > start && isSeparator(path[end - 1])) end--;
  let begin = end;
  while (begin > start && !isSeparator(path[begin - 1])) begin--;
  return { begin, end };
}

/**
 * Node's basename past `start` (the root it skips): the last name, trailing separators left out.
 * A suffix is matched backwards over the name's characters, and a name that only partly matches
 * keeps the path's end as it stands, separators and all.
 */
function basenameFrom(path, start, suffix, isSeparator) {
  if (suffix === undefined || suffix.length === 0 || suffix.length > path.length) {
    const { begin, end } = lastName(path, start, isSeparator);
    return path.slice(begin, end);
  }
  if (suffix === path) return "";
  let end = -1;
  let nameEnd = -1;
  let suffixAt = suffix.length - 1;
  for (let i = path.length - 1; i >= start; --i) {
    if (isSeparator(path[i])) {
      if (nameEnd !== -1) {
        start = i + 1;
        break;
      }
      continue;
    }
    if (nameEnd === -1) nameEnd = i + 1;
    if (suffixAt < 0) continue;
    if (path[i] === suffix[suffixAt]) {
      if (--suffixAt === -1) end = i;
    } else {
      suffixAt = -1;
      end = nameEnd;
    }
  }
  if (start === end) end = nameEnd;
  else if (end === -1) end = path.length;
  return path.slice(start, end);
}

/** Node's parse of a path whose root ends at `rootEnd`. */
function parseFrom(path, rootEnd, isSeparator) {
  const root = path.slice(0, rootEnd);
  const { begin, end } = lastName(path, rootEnd, isSeparator);
  const base = path.slice(begin, end);
  const ext = extensionOf(base);
  const name = ext ? base.slice(0, -ext.length) : base;
  return { root, dir: begin > rootEnd ? path.slice(0, begin - 1) : root, base, ext, name };
}

/** A name's extension: from its last dot, unless the dot begins it (or it is ".."). */
function extensionOf(base) {
  const dot = base.lastIndexOf(".");
  return dot <= 0 || base === ".." ? "" : base.slice(dot);
}

/** A path from `{ root, dir, base, name, ext }` as Node's path.format builds it. */
function formatPath(object, separator) {
  const dir = object.dir || object.root;
  const base =
    object.base ||
    `${object.name || ""}${object.ext ? (object.ext[0] === "." ? "" : ".") + object.ext : ""}`;
  if (!dir) return base;
  return dir === object.root ? `${dir}${base}` : `${dir}${separator}${base}`;
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
    if (suffix !== undefined) assertPath(suffix, "suffix");
    assertPath(path);
    return basenameFrom(path, 0, suffix, isPosixSeparator);
  },
  extname(path) {
    assertPath(path);
    return extensionOf(posix.basename(path));
  },
  format(object) {
    return formatPath(object, "/");
  },
  parse(path) {
    assertPath(path);
    const parsed = parseFrom(path, path[0] === "/" ? 1 : 0, isPosixSeparator);
    // Node's own quirk: ".." right after the root parses as a name "." with the extension ".".
    // It begins right after the root exactly when the directory is "/" and path[1] is a dot.
    if (parsed.base === ".." && parsed.dir === "/" && path[1] === ".") {
      return { ...parsed, ext: ".", name: "." };
    }
    return parsed;
  },
  matchesGlob() {
    throw new Error("path.matchesGlob is not available in the sandbox");
  },
};
// ---- win32 ------------------------------------------------------------------------------
// Windows paths as Node's path.win32 reads them: either separator, a drive ("C:", "C:\") or a
// UNC share ("\\server\share") as the root, letter case ignored when comparing.

const isWindowsSeparator = (char) => char === "\\" || char === "/";
const WINDOWS_SEPARATORS = /[\\/]/;
const UNC_ROOT = /^[\\/]{2}([^\\/]+)[\\/]+([^\\/]+)/;
const DRIVE = /^[A-Za-z]:/;

/**
 * The root of a Windows path: its device (drive, share, or the `\\.\` and `\\?\` device
 * namespaces), whether it is absolute, and its length.
 */
function windowsRoot(path) {
  const unc = UNC_ROOT.exec(path);
  if (unc && (unc[1] === "." || unc[1] === "?")) {
    return { device: `\\\\${unc[1]}`, absolute: true, length: 4 };
  }
  if (unc) return { device: `\\\\${unc[1]}\\${unc[2]}`, absolute: true, length: unc[0].length };
  if (DRIVE.test(path)) {
    const absolute = isWindowsSeparator(path[2]);
    return { device: path.slice(0, 2), absolute, length: absolute ? 3 : 2 };
  }
  const absolute = isWindowsSeparator(path[0]);
  return { device: "", absolute, length: absolute ? 1 : 0 };
}

/** How far the root goes for dirname and parse: a share's root takes its separator with it. */
function windowsRootEnd(path) {
  const unc = UNC_ROOT.exec(path);
  if (unc) return unc[0].length === path.length ? path.length : unc[0].length + 1;
  if (DRIVE.test(path)) return isWindowsSeparator(path[2]) ? 3 : 2;
  return isWindowsSeparator(path[0]) ? 1 : 0;
}

/** Resolves "." and ".." between separators; ".." above the start stays only where allowed. */
function windowsSegments(path, allowAboveRoot) {
  const kept = [];
  for (const segment of path.split(WINDOWS_SEPARATORS)) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") kept.push(segment);
    else if (kept.length > 0 && kept[kept.length - 1] !== "..") kept.pop();
    else if (allowAboveRoot) kept.push("..");
  }
  return kept.join("\\");
}

/** Names Windows keeps for devices (`con:`, `nul:`…), which Node keeps as a prefix of their own. */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])$/i;

/**
 * Whether a relative path without a device, once normalized, could read as something absolute
 * to Windows (a drive, or a stream after a colon), so Node writes it as `.\…`.
 */
function readsAsRooted(path, tail) {
  if (!path.includes(":")) return false;
  if (/^[A-Za-z]:/.test(tail)) return true;
  for (let at = path.indexOf(":"); at !== -1; at = path.indexOf(":", at + 1)) {
    if (at === path.length - 1 || isWindowsSeparator(path[at + 1])) return true;
  }
  return false;
}

const win32 = {
  sep: "\\",
  delimiter: ";",
  resolve(...args) {
    let device = "";
    let tail = "";
    let absolute = false;
    for (let i = args.length - 1; i >= -1; i--) {
      let path;
      if (i >= 0) {
        path = args[i];
        assertPath(path, `paths[${i}]`);
        if (path.length === 0) continue;
      } else if (device === "") {
        path = process.cwd();
      } else {
        // Windows keeps a current folder per drive in "=C:"-style variables.
        path = process.env[`=${device}`] || process.cwd();
        if (path.slice(0, 2).toLowerCase() !== device.toLowerCase() && path[2] === "\\") {
          path = `${device}\\`;
        }
      }
      const root = windowsRoot(path);
      if (root.device) {
        if (device && root.device.toLowerCase() !== device.toLowerCase()) continue;
        device ||= root.device;
      }
      if (absolute) {
        if (device) break;
        continue;
      }
      tail = `${path.slice(root.length)}\\${tail}`;
      absolute = root.absolute;
      if (absolute && device) break;
    }
    tail = windowsSegments(tail, !absolute);
    return absolute ? `${device}\\${tail}` : `${device}${tail}` || ".";
  },
  normalize(path) {
    assertPath(path);
    if (path.length === 0) return ".";
    if (path.length === 1) return isWindowsSeparator(path) ? "\\" : path;
    const colon = path.indexOf(":");
    if (colon > 0 && RESERVED_NAMES.test(path.slice(0, colon))) {
      let rest = windowsSegments(path.slice(colon + 1), true) || ".";
      if (isWindowsSeparator(path[path.length - 1])) rest += "\\";
      return `.\\${path.slice(0, colon + 1)}${rest}`;
    }
    const root = windowsRoot(path);
    let tail = windowsSegments(path.slice(root.length), !root.absolute);
    if (tail.length === 0 && !root.absolute) tail = ".";
    if (tail.length > 0 && isWindowsSeparator(path[path.length - 1])) tail += "\\";
    if (!root.absolute && !root.device && readsAsRooted(path, tail)) return `.\\${tail}`;
    return root.absolute ? `${root.device}\\${tail}` : `${root.device}${tail}`;
  },
  isAbsolute(path) {
    assertPath(path);
    return isWindowsSeparator(path[0]) || (DRIVE.test(path) && isWindowsSeparator(path[2]));
  },
  join(...args) {
    const parts = [];
    for (const arg of args) {
      assertPath(arg);
      if (arg.length > 0) parts.push(arg);
    }
    if (parts.length === 0) return ".";
    let joined = parts.join("\\");
    // Two separators and a name begin a share; any other run of leading separators is one.
    if (!/^[\\/]{2}[^\\/]/.test(parts[0])) joined = joined.replace(/^[\\/]{2,}/, "\\");
    return win32.normalize(joined);
  },
  relative(from, to) {
    assertPath(from, "from");
    assertPath(to, "to");
    if (from === to) return "";
    const fromPath = win32.resolve(from);
    const toPath = win32.resolve(to);
    const fromLower = fromPath.toLowerCase();
    const toLower = toPath.toLowerCase();
    if (fromLower === toLower) return "";
    // Compared letter by letter, case ignored, without leading and trailing backslashes.
    const span = (text) => {
      let begin = 0;
      while (begin < text.length && text[begin] === "\\") begin++;
      let finish = text.length;
      while (finish - 1 > begin && text[finish - 1] === "\\") finish--;
      return [begin, finish];
    };
    const [fromStart, fromEnd] = span(fromLower);
    let [toStart, toEnd] = span(toLower);
    const shorter = Math.min(fromEnd - fromStart, toEnd - toStart);
    let commonSeparator = -1;
    let i = 0;
    for (; i < shorter; i++) {
      const char = fromLower[fromStart + i];
      if (char !== toLower[toStart + i]) break;
      if (char === "\\") commonSeparator = i;
    }
    if (i !== shorter) {
      if (commonSeparator === -1) return toPath;
    } else {
      if (toEnd - toStart > shorter) {
        if (toLower[toStart + i] === "\\") return toPath.slice(toStart + i + 1);
        // Past a bare drive ("c:"), the rest of `to` follows.
        if (i === 2) return toPath.slice(toStart + i);
      }
      if (fromEnd - fromStart > shorter) {
        if (fromLower[fromStart + i] === "\\") commonSeparator = i;
        else if (i === 2) commonSeparator = 3;
      }
      if (commonSeparator === -1) commonSeparator = 0;
    }
    let up = "";
    for (let at = fromStart + commonSeparator + 1; at <= fromEnd; ++at) {
      if (at === fromEnd || fromLower[at] === "\\") up += up ? "\\.." : "..";
    }
    toStart += commonSeparator;
    if (up) return `${up}${toPath.slice(toStart, toEnd)}`;
    if (toPath[toStart] === "\\") ++toStart;
    return toPath.slice(toStart, toEnd);
  },
  toNamespacedPath(path) {
    if (typeof path !== "string" || path.length === 0) return path;
    const resolved = win32.resolve(path);
    if (resolved.length <= 2) return path;
    if (resolved.startsWith("\\\\")) {
      return /^\\\\[?.]/.test(resolved) ? resolved : `\\\\?\\UNC\\${resolved.slice(2)}`;
    }
    return /^[A-Za-z]:\\/.test(resolved) ? `\\\\?\\${resolved}` : resolved;
  },
  dirname(path) {
    assertPath(path);
    if (path.length === 0) return ".";
    if (path.length === 1) return isWindowsSeparator(path) ? path : ".";
    const rootEnd = windowsRootEnd(path);
    if (rootEnd === path.length && UNC_ROOT.test(path)) return path;
    const { begin } = lastName(path, rootEnd, isWindowsSeparator);
    if (begin <= rootEnd) return rootEnd > 0 ? path.slice(0, rootEnd) : ".";
    return path.slice(0, begin - 1);
  },
  basename(path, suffix) {
    if (suffix !== undefined) assertPath(suffix, "suffix");
    assertPath(path);
    return basenameFrom(path, DRIVE.test(path) ? 2 : 0, suffix, isWindowsSeparator);
  },
  extname(path) {
    assertPath(path);
    return extensionOf(win32.basename(path));
  },
  format(object) {
    return formatPath(object, "\\");
  },
  parse(path) {
    assertPath(path);
    return parseFrom(path, windowsRootEnd(path), isWindowsSeparator);
  },
  matchesGlob: posix.matchesGlob,
};

posix.posix = win32.posix = posix;
posix.win32 = win32.win32 = win32;
module.exports = posix;
