import { join, resolve } from "node:path";
import type { Plugin } from "vite";
import { DEFAULT_ASSETS_URL } from "../sandbox/runtimeLayout.ts";
import {
  checkRuntimeDir,
  copyRuntime,
  packagedRuntimeDir,
  runtimeMiddleware,
} from "./runtimeFolder.ts";

export interface SkillboxViteOptions {
  /**
   * The URL path the runtime folder is served at, which is `createSkillbox`'s `assetsUrl`;
   * default `/skillbox/`.
   */
  base?: string;
  /** The runtime folder to serve; default: the one in the installed package. */
  runtimeDir?: string;
}

/**
 * `skillbox/vite`: serves Skillbox's runtime folder (sandbox frame, workers, Pyodide, QuickJS,
 * Wasmer SDK, embed page) from the app's own origin in `vite dev` and `vite preview`, and copies
 * it into the build, so nothing is fetched from a CDN and the app works offline.
 */
export function skillbox(options: SkillboxViteOptions = {}): Plugin {
  const base = options.base ?? DEFAULT_ASSETS_URL;
  if (!/^\/([^/]+\/)*$/.test(base)) {
    throw new Error(
      `skillbox/vite: option "base" must be a URL path like "/skillbox/", got ${JSON.stringify(base)}`,
    );
  }
  const dir = options.runtimeDir ? resolve(options.runtimeDir) : packagedRuntimeDir();
  let outDir = "";
  return {
    name: "skillbox:runtime",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(runtimeMiddleware(checkRuntimeDir(dir), base));
    },
    configurePreviewServer(server) {
      server.middlewares.use(runtimeMiddleware(checkRuntimeDir(dir), base));
    },
    writeBundle() {
      copyRuntime(dir, join(outDir, base));
    },
  };
}

export default skillbox;
