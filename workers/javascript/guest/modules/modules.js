// @ts-check
// Node's module systems over the run's files: CommonJS (resolution, package.json, the cache, the
// wrapper) and the ES module loader's resolve and source hooks. Internal: node.js starts the main
// module with them.
const { host, builtin, isBuiltin } = __skillbox;
const path = require("path");

const fs = () => require("fs");
const moduleCache = Object.create(null);
let mainModule;

function exists(file) {
  try {
    return fs().statSync(file).isFile();
  } catch {
    return false;
  }
}

function isDirectory(file) {
  try {
    return fs().statSync(file).isDirectory();
  } catch {
    return false;
  }
}

function readPackage(dir) {
  const file = `${dir === "/" ? "" : dir}/package.json`;
  if (!exists(file)) return undefined;
  try {
    return JSON.parse(fs().readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** ESM or CommonJS, as Node decides: by extension, then by the nearest package.json "type". */
function isEsm(file) {
  if (file.endsWith(".mjs")) return true;
  if (file.endsWith(".cjs") || file.endsWith(".json")) return false;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const pkg = readPackage(dir);
    if (pkg) return pkg.type === "module";
    if (dir === "/") return false;
  }
}

function loadAsFile(file) {
  for (const candidate of [file, `${file}.js`, `${file}.json`, `${file}.cjs`]) {
    if (exists(candidate)) return candidate;
  }
  return undefined;
}

function loadAsDirectory(dir) {
  const pkg = readPackage(dir);
  if (pkg && typeof pkg.main === "string") {
    const main = path.resolve(dir, pkg.main);
    const found = loadAsFile(main) ?? loadAsFile(`${main}/index`);
    if (found) return found;
  }
  return loadAsFile(`${dir}/index`);
}

function resolveFilename(request, fromDir) {
  if (
    request.startsWith("./") ||
    request.startsWith("../") ||
    request.startsWith("/") ||
    request === "." ||
    request === ".."
  ) {
    const target = path.resolve(fromDir, request);
    return loadAsFile(target) ?? (isDirectory(target) ? loadAsDirectory(target) : undefined);
  }
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const base = `${dir === "/" ? "" : dir}/node_modules/${request}`;
    const found = loadAsFile(base) ?? (isDirectory(base) ? loadAsDirectory(base) : undefined);
    if (found) return found;
    if (dir === "/") return undefined;
  }
}

function notFound(request, parent) {
  const stack = [];
  for (let m = parent; m; m = m.parent) stack.push(m.filename);
  const err = new Error(
    `Cannot find module '${request}'${stack.length ? `\nRequire stack:\n- ${stack.join("\n- ")}` : ""}`,
  );
  err.code = "MODULE_NOT_FOUND";
  err.requireStack = stack;
  return err;
}

class Module {
  constructor(id, parent) {
    this.id = id;
    this.path = path.dirname(id);
    this.exports = {};
    this.filename = id;
    this.loaded = false;
    this.children = [];
    this.paths = [];
    this.parent = parent;
    if (parent) parent.children.push(this);
  }
}
Module.builtinModules = __skillbox.builtinNames();
Module.createRequire = (filename) =>
  makeRequire(new Module(String(filename).replace(/^file:\/\//, ""), undefined));
Module.isBuiltin = isBuiltin;
Module._cache = moduleCache;

function requireBuiltin(request) {
  const exports = builtin(request);
  if (exports === undefined) return undefined;
  return exports;
}

function makeRequire(module) {
  const require = (request) => {
    if (typeof request !== "string") throw invalidArgType("id", "of type string", request);
    if (request.startsWith("node:") || isBuiltin(request)) {
      const exports = requireBuiltin(request);
      if (exports !== undefined) return exports;
      if (request.startsWith("node:")) {
        const err = new Error(`No such built-in module: ${request}`);
        err.code = "ERR_UNKNOWN_BUILTIN_MODULE";
        throw err;
      }
    }
    const filename = resolveFilename(request, module.path);
    if (!filename) throw notFound(request, module);
    return loadCommonJs(filename, module).exports;
  };
  require.resolve = (request) => {
    if (isBuiltin(request)) return request;
    const filename = resolveFilename(request, module.path);
    if (!filename) throw notFound(request, module);
    return filename;
  };
  require.cache = moduleCache;
  require.main = mainModule;
  return require;
}

function loadCommonJs(filename, parent) {
  const cached = moduleCache[filename];
  if (cached) return cached;
  if (filename.endsWith(".mjs") || (filename.endsWith(".js") && isEsm(filename))) {
    const err = new Error(
      `require() of ES Module ${filename} not supported.\nInstead change the require of ${path.basename(filename)} to a dynamic import() which is available in all CommonJS modules.`,
    );
    err.code = "ERR_REQUIRE_ESM";
    throw err;
  }
  const module = new Module(filename, parent);
  moduleCache[filename] = module;
  try {
    const source = fs().readFileSync(filename, "utf8");
    if (filename.endsWith(".json")) {
      try {
        module.exports = JSON.parse(source);
      } catch (error) {
        error.message = `${filename}: ${error.message}`;
        throw error;
      }
    } else {
      const body = source.startsWith("#!") ? `//${source}` : source;
      const wrapper = host(
        "compile",
        `(function (exports, require, module, __filename, __dirname) {${body}\n})`,
        filename,
      );
      wrapper.call(
        module.exports,
        module.exports,
        makeRequire(module),
        module,
        filename,
        path.dirname(filename),
      );
    }
    module.loaded = true;
  } catch (error) {
    delete moduleCache[filename];
    throw error;
  }
  return module;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set([
  "default",
  "class",
  "function",
  "delete",
  "new",
  "var",
  "let",
  "const",
  "if",
  "else",
  "return",
  "import",
  "export",
  "in",
  "of",
  "typeof",
  "void",
  "with",
  "yield",
  "await",
  "enum",
  "this",
  "super",
  "null",
  "true",
  "false",
  "switch",
  "case",
  "do",
  "while",
  "for",
  "break",
  "continue",
  "try",
  "catch",
  "finally",
  "throw",
  "debugger",
  "instanceof",
  "extends",
  "static",
  "package",
  "private",
  "protected",
  "public",
  "interface",
  "implements",
]);

function facade(expression, exports) {
  const names =
    exports !== null && (typeof exports === "object" || typeof exports === "function")
      ? Object.keys(exports).filter((k) => IDENTIFIER.test(k) && !RESERVED.has(k))
      : [];
  return `const m = ${expression};\nexport default m;\n${names.length ? `export const { ${names.join(", ")} } = m;\n` : ""}`;
}

/**
 * Resolution failures become a marker name whose loading throws the error: QuickJS cannot fail
 * a resolution with a thrown value, only a load (so the script sees Node's error code).
 */
function resolveImportOrMissing(specifier, base) {
  try {
    return resolveImport(specifier, base);
  } catch (error) {
    return `${MISSING}${JSON.stringify([error.code, error.message])}`;
  }
}

function resolveImport(specifier, base) {
  if (specifier.startsWith("node:") || isBuiltin(specifier)) {
    const name = specifier.startsWith("node:") ? specifier.slice(5) : specifier;
    if (builtin(name) === undefined) {
      const err = new Error(`No such built-in module: ${specifier}`);
      err.code = "ERR_UNKNOWN_BUILTIN_MODULE";
      throw err;
    }
    return `node:${name}`;
  }
  if (specifier.startsWith("file://")) specifier = decodeURIComponent(specifier.slice(7));
  const from = base.startsWith("/")
    ? path.dirname(base)
    : base.startsWith("file://")
      ? path.dirname(decodeURIComponent(base.slice(7)))
      : require("process").cwd();
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    const target = path.resolve(from, specifier);
    if (exists(target)) return target;
    const err = new Error(`Cannot find module '${target}' imported from ${base}`);
    err.code = "ERR_MODULE_NOT_FOUND";
    throw err;
  }
  const found = resolveFilename(specifier, from);
  if (!found) {
    const err = new Error(`Cannot find package '${specifier}' imported from ${base}`);
    err.code = "ERR_MODULE_NOT_FOUND";
    throw err;
  }
  return found;
}

/** Source of an ES module file, with import.meta filled in as Node does (same first line). */
function esmSource(file) {
  const source = fs().readFileSync(file, "utf8");
  const body = source.startsWith("#!") ? `//${source}` : source;
  const url = `file://${encodeURI(file)}`;
  return `import.meta.url = ${JSON.stringify(url)}; import.meta.filename = ${JSON.stringify(file)}; import.meta.dirname = ${JSON.stringify(path.dirname(file))}; import.meta.resolve = (s) => __skillbox.resolveImportUrl(s, ${JSON.stringify(file)});${body}`;
}

// QuickJS passes module names as C strings, so the marker must not contain NUL.
const MISSING = "skillbox-missing:";

function moduleSource(name) {
  if (name.startsWith(MISSING)) {
    const [code, message] = JSON.parse(name.slice(MISSING.length));
    const error = new Error(message);
    error.code = code;
    throw error;
  }
  if (name.startsWith("node:")) {
    const id = name.slice(5);
    return facade(`__skillbox.builtin(${JSON.stringify(id)})`, builtin(id));
  }
  if (isEsm(name)) return esmSource(name);
  const exports = loadCommonJs(name, undefined).exports;
  return facade(`__skillbox.requireLoaded(${JSON.stringify(name)})`, exports);
}

/** Makes `module` the one `require.main` names from now on. */
function setMain(module) {
  mainModule = module;
}

module.exports = {
  Module,
  moduleCache,
  setMain,
  makeRequire,
  exists,
  isEsm,
  esmSource,
  notFound,
  resolveImport,
  resolveImportOrMissing,
  moduleSource,
};
