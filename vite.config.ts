import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, relative, resolve } from "node:path";
import { defineConfig, type Plugin } from "vite";
import {
  DEPLOYMENT_CONFIG_PATH,
  deploymentConfigSchema,
} from "./src/deployment/deploymentConfig.ts";
import { BUILD_MANIFEST_PLACEHOLDER, type BuildManifest } from "./src/offline/buildManifest.ts";
import { headersFile, securityHeaders } from "./src/server/securityHeaders.ts";
import { skillbox } from "./src/vite/plugin.ts";

const root = import.meta.dirname;
const DEMO_SKILLS_ID = "virtual:demo-skills";
const SERVICE_WORKER_SOURCE = "/workers/serviceWorker.ts";

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

/** Test builds only: the files of `from` (those `keep` accepts) served under `/to/`. */
function testOnlyFolder(from: string, to: string, keep: (name: string) => boolean): Plugin {
  const dir = join(root, from);
  return {
    name: `skillbox:test-only:${to}`,
    apply: () => TEST_HOOKS,
    generateBundle() {
      for (const name of readdirSync(dir).filter(keep)) {
        this.emitFile({
          type: "asset",
          fileName: `${to}/${name}`,
          source: readFileSync(join(dir, name)),
        });
      }
    },
  };
}

/** The origins a deployment's settings file in `dir` allows to frame its embed page. */
function embedOriginsIn(dir: string): string[] {
  const path = join(dir, DEPLOYMENT_CONFIG_PATH);
  if (!existsSync(path)) return [];
  return (
    deploymentConfigSchema.parse(JSON.parse(readFileSync(path, "utf8"))).embed?.allowedOrigins ?? []
  );
}

/** The deployment's headers on every response of a server that serves `dir`. */
function headersFrom(dir: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const { pathname } = new URL(req.url ?? "/", "http://x");
    for (const [name, value] of Object.entries(securityHeaders(pathname, embedOriginsIn(dir)))) {
      res.setHeader(name, value);
    }
    next();
  };
}

/**
 * Not precached: the service worker itself, the headers file, and the deployment's settings (a
 * file a deployer edits after the build; the service worker fetches it network-first).
 */
const NOT_PRECACHED = /^(sw\.js|_headers|skillbox\.config\.json)/;

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
      writeFileSync(join(outDir, "_headers"), headersFile(embedOriginsIn(outDir)));
    },
  };
}

/** The isolation headers (COOP/COEP, CSPs, CORS) on every dev and preview response. */
function isolationHeaders(): Plugin {
  return {
    name: "skillbox:isolation-headers",
    configureServer(server) {
      server.middlewares.use(headersFrom(join(root, "public")));
      // The service worker must live at the root; in dev, serve its transformed source there.
      server.middlewares.use(async (req, res, next) => {
        if (req.url !== "/sw.js") return next();
        const result = await server.transformRequest(SERVICE_WORKER_SOURCE);
        res.setHeader("Content-Type", "text/javascript");
        res.end(result?.code ?? "");
      });
    },
    configurePreviewServer(server) {
      server.middlewares.use(headersFrom(resolve(root, server.config.build.outDir)));
    },
  };
}

export default defineConfig({
  plugins: [
    isolationHeaders(),
    // The app is built on the library as an embedder uses it: the runtime folder at /skillbox/.
    skillbox({ runtimeDir: join(root, "pkg/runtime") }),
    demoSkillsManifest(),
    // The WASI programs of test/wasi/build, and the package set the browser tests' setup built.
    testOnlyFolder("test/wasi/build", "test-wasi", (name) => name.endsWith(".wasm")),
    testOnlyFolder(".tmp/python-packages", "python-packages", () => true),
    offlineBuild(),
  ],
  // No SPA fallback: a missing file (say, an absent skillbox.config.json) must be a 404.
  appType: "mpa",
  server: { host: "127.0.0.1", port: 5173 },
  preview: { host: "127.0.0.1", port: 4173 },
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
});
