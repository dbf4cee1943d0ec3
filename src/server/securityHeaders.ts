import { FRAME_BOOTSTRAP_HASH } from "../sandbox/frameDocument.ts";

/**
 * The HTTP headers a deployment should serve (README "Deploying"). None is required for the
 * sandbox's isolation, which the frame's own document carries; they add cross-origin isolation
 * (SharedArrayBuffer: interrupts before termination) and the app page's CSP. The Vite dev and
 * preview servers apply them, the build writes them to `dist/_headers`, and the service worker
 * adds them to the pages it serves.
 */

/** Headers every response carries: cross-origin isolation, and CORS/CORP so that the
 * opaque-origin sandbox frame may load app scripts by URL (development, the Wasmer SDK). */
export const EVERY_RESPONSE: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};

/**
 * CSP of the app page: its own scripts, fetches to any model endpoint the user configures, and
 * what the sandbox frame (a srcdoc document, which inherits this policy) needs: its bootstrap,
 * blob: modules and blob: workers.
 */
export const APP_PAGE_POLICY = [
  "default-src 'self'",
  `script-src 'self' blob: ${FRAME_BOOTSTRAP_HASH} 'wasm-unsafe-eval'`,
  "connect-src *",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  // https: for a sandbox frame a deployment serves from a second site (SECURITY.md).
  "frame-src 'self' https:",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join("; ");

const isPage = (pathname: string) => pathname === "/" || pathname.endsWith(".html");

export function securityHeaders(pathname: string): Record<string, string> {
  const headers: Record<string, string> = { ...EVERY_RESPONSE };
  if (isPage(pathname)) headers["Content-Security-Policy"] = APP_PAGE_POLICY;
  return headers;
}

/** The same headers as a `_headers` file, the format several static hosts read. */
export function headersFile(): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return `${[
    block("/*", EVERY_RESPONSE),
    block("/", { "Content-Security-Policy": APP_PAGE_POLICY }),
    block("/*.html", { "Content-Security-Policy": APP_PAGE_POLICY }),
  ].join("\n\n")}\n`;
}
