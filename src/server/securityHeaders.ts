/**
 * The HTTP headers the isolation design depends on. The Vite dev and preview servers apply them;
 * a deployment must serve the same (see README "Deploying").
 */

/** Path of the sandbox frame document, the only page that runs skill scripts. */
export const SANDBOX_PAGE_PATH = "/sandbox.html";

/** Headers every response carries: cross-origin isolation (for SharedArrayBuffer) and CORS/CORP,
 * because the opaque-origin sandbox frame and its workers load app scripts cross-origin. */
const EVERY_RESPONSE: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};

/**
 * CSP of the sandbox frame, inherited by its blob workers: scripts only from the app's origin,
 * WebAssembly allowed, and no network at all (assets reach the workers as bytes).
 */
export function sandboxContentSecurityPolicy(appOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${appOrigin} 'wasm-unsafe-eval'`,
    "worker-src blob:",
    "connect-src 'none'",
    "img-src 'none'",
    "style-src 'none'",
    "font-src 'none'",
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "child-src blob:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}

/** CSP of the app page: its own scripts, and fetches to any model endpoint the user configures. */
const APP_PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src *",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "frame-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
].join("; ");

export interface HeaderOptions {
  /** Test servers only: serve the sandbox frame without its CSP, as a positive control. */
  omitSandboxPolicy?: boolean;
}

export function securityHeaders(
  pathname: string,
  appOrigin: string,
  options: HeaderOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = { ...EVERY_RESPONSE };
  if (pathname === SANDBOX_PAGE_PATH) {
    if (options.omitSandboxPolicy) return headers;
    headers["Content-Security-Policy"] = sandboxContentSecurityPolicy(appOrigin);
  } else if (pathname === "/" || pathname.endsWith(".html")) {
    headers["Content-Security-Policy"] = APP_PAGE_POLICY;
  }
  return headers;
}
