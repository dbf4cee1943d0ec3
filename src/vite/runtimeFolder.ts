import { cpSync, createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { RUNTIME_LAYOUT } from "../sandbox/runtimeLayout.ts";

/** The runtime folder shipped beside this module in the package (`pkg/runtime/`). */
export function packagedRuntimeDir(): string {
  return fileURLToPath(new URL("./runtime/", import.meta.url));
}

/** Fails with the fix when the folder is not there (a package built without its runtime). */
export function checkRuntimeDir(dir: string): string {
  if (!existsSync(join(dir, RUNTIME_LAYOUT.frameModule))) {
    throw new Error(
      `Skillbox: no runtime folder at ${dir} (frame.js is missing); in the Skillbox repository, run "npm run build:package" first`,
    );
  }
  return dir;
}

/** Copies the runtime folder to `target` (created if needed). */
export function copyRuntime(dir: string, target: string): void {
  cpSync(checkRuntimeDir(dir), target, { recursive: true });
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".html": "text/html; charset=utf-8",
  ".json": "application/json",
  ".zip": "application/zip",
};

/**
 * A connect middleware serving the runtime folder under `base`, for Vite's dev and preview
 * servers. CORS and CORP are open, so a page on another origin may load the runtime from here.
 */
export function runtimeMiddleware(dir: string, base: string) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const { pathname } = new URL(req.url ?? "/", "http://x");
    if (!pathname.startsWith(base)) return next();
    const relative = normalize(decodeURIComponent(pathname.slice(base.length)));
    if (relative.startsWith("..") || relative.includes(`${sep}..`)) return next();
    const file = join(dir, relative);
    if (!existsSync(file) || !statSync(file).isFile()) return next();
    res.setHeader("Content-Type", CONTENT_TYPES[extname(file)] ?? "application/octet-stream");
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    res.setHeader("Content-Length", statSync(file).size);
    createReadStream(file).pipe(res);
  };
}
