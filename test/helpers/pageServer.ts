import { existsSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

/** A page or file a test serves: its body and type, and the headers of its response. */
export interface ServedFile {
  body: string | Uint8Array;
  type: string;
  headers?: Record<string, string>;
}

export interface PageServer {
  url: string;
  origin: string;
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
};

/**
 * A real HTTP server on `host`: the `files` given by path first, then (if `root` is given) the
 * files under it, each with the headers `headersFor` returns for its path.
 */
export async function startPageServer(options: {
  host: string;
  files?: Record<string, ServedFile>;
  root?: string;
  headersFor?: (pathname: string) => Record<string, string>;
}): Promise<PageServer> {
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://x");
    const headers = options.headersFor?.(pathname) ?? {};
    const given = options.files?.[pathname];
    if (given) {
      res.writeHead(200, { "Content-Type": given.type, ...headers, ...given.headers });
      res.end(given.body);
      return;
    }
    const relative = normalize(decodeURIComponent(pathname === "/" ? "/index.html" : pathname));
    const file = options.root ? join(options.root, relative) : "";
    if (!options.root || relative.includes("..") || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, headers);
      res.end("not found");
      return;
    }
    res.writeHead(200, {
      "Content-Type": TYPES[extname(file)] ?? "application/octet-stream",
      ...headers,
    });
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host}:${port}`;
  return {
    url: `${origin}/`,
    origin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
