import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, resolve } from "node:path";
import { type Plugin as EsbuildPlugin, build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import { BUILD_MANIFEST_PLACEHOLDER, type BuildManifest } from "./src/offline/buildManifest.ts";
import {
  frameDocumentHtml,
  SANDBOX_DOCUMENT,
  sandboxContentSecurityPolicy,
} from "./src/sandbox/frameDocument.ts";
import { headersFile, securityHeaders } from "./src/server/securityHeaders.ts";

const root = import.meta.dirname;
/** Runtime files served from the app's own origin, by target folder under public/vendor. */
const RUNTIME_ASSETS: Readonly<Record<string, { from: string; files: string[] }>> = {
  pyodide: {
    from: "node_modules/pyodide",
    files: [
      "pyodide.mjs",
      "pyodide.asm.mjs",
      "pyodide.asm.wasm",
      "python_stdlib.zip",
      "pyodide-lock.json",
    ],
  },
  quickjs: {
    from: "node_modules/@jitl/quickjs-wasmfile-release-sync/dist",
    files: ["emscripten-module.wasm"],
  },
};
/**
 * The Wasmer SDK is imported at run time by the shell worker and by its own nested workers, from
 * URLs relative to its modules, so its folders are served as they are in the package.
 */
const RUNTIME_ASSET_FOLDERS: Readonly<Record<string, { from: string; folders: string[] }>> = {
  wasmer: { from: "node_modules/@wasmer/sdk", folders: ["dist", "pkg"] },
};
const isRuntimeFile = (path: string) =>
  statSync(path).isDirectory() || /\.(m?js|wasm)$|LICENSE$/.test(path);
const DEMO_SKILLS_ID = "virtual:demo-skills";
const SERVICE_WORKER_SOURCE = "/workers/serviceWorker.ts";

const GUEST_PACKAGE_PREFIX = "virtual:guest-package:";
/** Userland copies of Node's own modules that the guest's built-ins are made of, by entry file. */
const GUEST_PACKAGES: Readonly<Record<string, string>> = {
  "readable-stream": "node_modules/readable-stream/lib/ours/browser.js",
  punycode: "node_modules/punycode/punycode.js",
};

/**
 * `virtual:guest-package:NAME`: a userland package bundled into one CommonJS body for the
 * QuickJS guest. Its imports of Node modules stay `require` calls, which the guest answers with
 * its own built-ins.
 */
function guestPackages(): Plugin {
  const shims: EsbuildPlugin = {
    name: "guest-node-builtins",
    setup(build) {
      build.onResolve({ filter: /^(buffer|events|string_decoder\/?|process\/?)$/ }, (args) => ({
        path: args.path.replace(/\/$/, ""),
        external: true,
      }));
      build.onResolve({ filter: /^abort-controller$/ }, () => ({
        path: "abort-controller",
        namespace: "guest-global",
      }));
      build.onLoad({ filter: /.*/, namespace: "guest-global" }, () => ({
        contents:
          "module.exports = { AbortController: globalThis.AbortController, AbortSignal: globalThis.AbortSignal };",
      }));
    },
  };
  return {
    name: "skillbox:guest-packages",
    resolveId: (id) => (id.startsWith(GUEST_PACKAGE_PREFIX) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${GUEST_PACKAGE_PREFIX}`)) return undefined;
      const entry = GUEST_PACKAGES[id.slice(GUEST_PACKAGE_PREFIX.length + 1)];
      if (!entry) throw new Error(`no guest package for ${id.slice(1)}`);
      const result = await esbuild({
        entryPoints: [join(root, entry)],
        bundle: true,
        format: "cjs",
        platform: "browser",
        target: "es2020",
        write: false,
        legalComments: "inline",
        plugins: [shims],
      });
      return `export default ${JSON.stringify(result.outputFiles[0]!.text)};`;
    },
  };
}

/** Serves runtime assets from the app's own origin: copies them out of node_modules. */
function selfHostedRuntimeAssets(): Plugin {
  return {
    name: "skillbox:runtime-assets",
    configResolved() {
      for (const [folder, { from, files }] of Object.entries(RUNTIME_ASSETS)) {
        const target = join(root, "public/vendor", folder);
        mkdirSync(target, { recursive: true });
        for (const file of files) cpSync(join(root, from, file), join(target, file));
      }
      for (const [folder, { from, folders }] of Object.entries(RUNTIME_ASSET_FOLDERS)) {
        for (const sub of folders) {
          cpSync(join(root, from, sub), join(root, "public/vendor", folder, sub), {
            recursive: true,
            filter: isRuntimeFile,
          });
        }
      }
    },
  };
}

/** `virtual:demo-skills`: the paths of every file under public/skills, for the app to load. */
function demoSkillsManifest(): Plugin {
  const dir = join(root, "public/skills");
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const full = join(d, name);
      return statSync(full).isDirectory() ? walk(full) : [relative(dir, full)];
    });
  return {
    name: "skillbox:demo-skills",
    resolveId: (id) => (id === DEMO_SKILLS_ID ? `\0${DEMO_SKILLS_ID}` : undefined),
    load: (id) =>
      id === `\0${DEMO_SKILLS_ID}`
        ? `export default ${JSON.stringify(walk(dir).sort())};`
        : undefined,
  };
}

/** Set by the browser tests' and benchmark's setup only: builds their pages too. */
const TEST_HOOKS = process.env.SKILLBOX_TEST_HOOKS === "1";

/** Test builds only: the WASI programs of test/wasi/build, served under /test-wasi/. */
function wasiTestPrograms(): Plugin {
  const dir = join(root, "test/wasi/build");
  return {
    name: "skillbox:wasi-test-programs",
    apply: () => TEST_HOOKS,
    generateBundle() {
      for (const name of readdirSync(dir).filter((n) => n.endsWith(".wasm"))) {
        this.emitFile({
          type: "asset",
          fileName: `test-wasi/${name}`,
          source: readFileSync(join(dir, name)),
        });
      }
    },
  };
}

function applyHeaders(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const { pathname } = new URL(req.url ?? "/", "http://x");
  for (const [name, value] of Object.entries(securityHeaders(pathname))) {
    res.setHeader(name, value);
  }
  next();
}

/**
 * Not precached: the service worker itself, the headers file, and the Wasmer SDK, which the
 * sandbox frame imports by URL (a frame with an opaque origin never goes through the service
 * worker, so a cached copy could not serve it).
 */
const NOT_PRECACHED = /^(sw\.js|_headers|vendor\/wasmer\/)/;

/**
 * After the build: the precache manifest written into `dist/sw.js` (so every build's service
 * worker differs and the browser offers the update), and `dist/_headers` for static hosts that
 * read one.
 */
function offlineBuild(): Plugin {
  let outDir = "";
  return {
    name: "skillbox:offline-build",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [relative(outDir, full)];
        });
      const hash = createHash("sha256");
      const files = walk(outDir)
        .map((path) => path.split("\\").join("/"))
        .filter((path) => !NOT_PRECACHED.test(path))
        .sort()
        .map((path) => {
          const bytes = readFileSync(join(outDir, path));
          hash.update(path).update(bytes);
          return { url: `/${path}`, size: bytes.byteLength };
        });
      const manifest: BuildManifest = { id: hash.digest("hex").slice(0, 16), files };
      const swPath = join(outDir, "sw.js");
      const sw = readFileSync(swPath, "utf8");
      if (!sw.includes(BUILD_MANIFEST_PLACEHOLDER)) {
        throw new Error("sw.js lost its build manifest placeholder");
      }
      writeFileSync(swPath, sw.replaceAll(BUILD_MANIFEST_PLACEHOLDER, JSON.stringify(manifest)));
      writeFileSync(join(outDir, "_headers"), headersFile());
    },
  };
}

/**
 * `sandbox.html`: the sandbox frame's document as a file, for deployments that serve the frame
 * from a second site (SECURITY.md). The same document the page otherwise writes into `srcdoc`.
 */
function sandboxDocument(): Plugin {
  return {
    name: "skillbox:sandbox-document",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: SANDBOX_DOCUMENT,
        source: frameDocumentHtml(sandboxContentSecurityPolicy()),
      });
    },
  };
}

/** The isolation headers (COOP/COEP, CSPs, CORS) on every dev and preview response. */
function isolationHeaders(): Plugin {
  return {
    name: "skillbox:isolation-headers",
    configureServer(server) {
      server.middlewares.use(applyHeaders);
      // The service worker must live at the root; in dev, serve its transformed source there.
      server.middlewares.use(async (req, res, next) => {
        if (req.url !== "/sw.js") return next();
        const result = await server.transformRequest(SERVICE_WORKER_SOURCE);
        res.setHeader("Content-Type", "text/javascript");
        res.end(result?.code ?? "");
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use(applyHeaders);
    },
  };
}

export default defineConfig(({ command }) => ({
  // Whether modules are bundled files (a build) or served one by one (the dev server), which
  // decides how the sandbox frame gets them. Not `import.meta.env.DEV`: a build made under a
  // test runner (NODE_ENV=test) is still a build.
  define: { __SKILLBOX_BUNDLED__: JSON.stringify(command === "build") },
  plugins: [
    // The dev server serves workers through these plugins; a build, through `worker.plugins`.
    guestPackages(),
    selfHostedRuntimeAssets(),
    demoSkillsManifest(),
    isolationHeaders(),
    wasiTestPrograms(),
    sandboxDocument(),
    offlineBuild(),
  ],
  // No SPA fallback: a missing file (say, an absent skillbox.config.json) must be a 404.
  appType: "mpa",
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
  // Each worker (and the sandbox frame's module) is one self-contained file: the frame imports
  // them from blob: URLs of their bytes, where relative imports of other chunks cannot resolve.
  worker: {
    format: "es",
    plugins: () => [guestPackages()],
    rolldownOptions: { output: { codeSplitting: false } },
  },
  // Pre-bundled at dev start-up, so the first page load is not reloaded by a late optimisation.
  optimizeDeps: { include: ["comlink", "zod", "yaml", "fflate", "idb"] },
  build: {
    target: "es2022",
    rolldownOptions: {
      input: {
        app: resolve(root, "index.html"),
        sw: resolve(root, `.${SERVICE_WORKER_SOURCE}`),
        ...(TEST_HOOKS
          ? {
              harness: resolve(root, "test/browser/harness/index.html"),
              bench: resolve(root, "bench/index.html"),
            }
          : {}),
      },
      output: {
        entryFileNames: (chunk) => (chunk.name === "sw" ? "sw.js" : "assets/[name]-[hash].js"),
      },
    },
  },
}));
