import { FRAME_BOOTSTRAP_HASH } from "../sandbox/frameDocument.ts";
import { DEFAULT_ASSETS_URL, RUNTIME_LAYOUT } from "../sandbox/runtimeLayout.ts";

/**
 * The HTTP headers a deployment should serve (docs/deploying.md). None is required for the
 * sandbox's isolation, which the frame's own document carries; they add cross-origin isolation
 * (SharedArrayBuffer: interrupts before termination) and the app page's CSP. The Vite dev and
 * preview servers apply them, the build writes them to `dist/_headers`, and the service worker
 * adds them to the pages it serves.
 */

/**
 * Headers every response carries: cross-origin isolation, and CORS/CORP so that the
 * opaque-origin sandbox frame may load app scripts by URL (development, the Wasmer SDK).
 * COEP is `credentialless`, not `require-corp`: Chromium and Firefox isolate the page with
 * either, and WebKit, which does not know `credentialless`, then leaves the page unisolated —
 * under `require-corp` WebKit refuses to start the blob workers of the opaque-origin sandbox
 * frame (and it gives the Debian build no SharedArrayBuffer even when isolated).
 */
export const EVERY_RESPONSE: Readonly<Record<string, string>> = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "credentialless",
  "Cross-Origin-Resource-Policy": "cross-origin",
  "Access-Control-Allow-Origin": "*",
  "X-Content-Type-Options": "nosniff",
};

/**
 * CSP of every page of the deployment, before the question of who may frame it: its own
 * scripts, fetches to any model endpoint the user configures, and what the sandbox frame (a
 * srcdoc document, which inherits this policy) needs: its bootstrap, blob: modules and blob:
 * workers. Alone, it is what a `<meta>` can carry (a `<meta>` cannot carry `frame-ancestors`).
 */
export const DOCUMENT_POLICY = [
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

/**
 * The frames that may hold the app page: its own origin only. In a stranger's frame, every
 * button of the app would work for that stranger (clickjacking).
 */
export const APP_FRAME_ANCESTORS = "frame-ancestors 'self'";

/** CSP of the app's pages. */
export const APP_PAGE_POLICY = `${DOCUMENT_POLICY}; ${APP_FRAME_ANCESTORS}`;

const isPage = (pathname: string) => pathname === "/" || pathname.endsWith(".html");

/** Where the app serves its embed page: in the runtime folder, at its default place. */
export const EMBED_PAGE_PATH = `${DEFAULT_ASSETS_URL}${RUNTIME_LAYOUT.embedDocument}`;
/**
 * The sandbox document a deployment may serve from a second site, for the app on its first
 * site to frame (SECURITY.md): framed by another origin by design.
 */
const SANDBOX_DOCUMENT_PATH = `${DEFAULT_ASSETS_URL}${RUNTIME_LAYOUT.sandboxDocument}`;

/**
 * The embed page's CSP: the app page's, plus which pages may frame it — its own origin and the
 * origins a deployment allows (`embed.allowedOrigins`); any other is refused by the browser.
 */
export function embedPagePolicy(allowedOrigins: readonly string[]): string {
  return `${DOCUMENT_POLICY}; frame-ancestors 'self' ${allowedOrigins.join(" ")}`.trimEnd();
}

/**
 * The CSP of the document at `pathname`, if it is a page; `embedOrigins` are the deployment's
 * `embed.allowedOrigins`.
 */
export function pagePolicy(
  pathname: string,
  embedOrigins: readonly string[] = [],
): string | undefined {
  if (pathname === EMBED_PAGE_PATH) return embedPagePolicy(embedOrigins);
  if (pathname === SANDBOX_DOCUMENT_PATH) return DOCUMENT_POLICY;
  return isPage(pathname) ? APP_PAGE_POLICY : undefined;
}

/** The headers of one response; `embedOrigins` are the deployment's `embed.allowedOrigins`. */
export function securityHeaders(
  pathname: string,
  embedOrigins: readonly string[] = [],
): Record<string, string> {
  const policy = pagePolicy(pathname, embedOrigins);
  return { ...EVERY_RESPONSE, ...(policy ? { "Content-Security-Policy": policy } : {}) };
}

/** The same headers as a `_headers` file, the format several static hosts read. */
export function headersFile(embedOrigins: readonly string[] = []): string {
  const block = (pattern: string, headers: Record<string, string>) =>
    [pattern, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return `${[
    block("/*", EVERY_RESPONSE),
    block("/", { "Content-Security-Policy": APP_PAGE_POLICY }),
    // Such hosts send every matching block's headers, and a browser enforces every CSP it gets:
    // the pages share one policy, and each adds who may frame it in a second.
    block("/*.html", { "Content-Security-Policy": DOCUMENT_POLICY }),
    block("/index.html", { "Content-Security-Policy": APP_FRAME_ANCESTORS }),
    block(EMBED_PAGE_PATH, { "Content-Security-Policy": embedPagePolicy(embedOrigins) }),
  ].join("\n\n")}\n`;
}

/** How a host page uses Skillbox, which decides what its CSP must allow (docs/embedding.md). */
export type EmbeddingWay = "in-page" | "framed";

/**
 * The CSP directives a host page needs, beyond what it allows itself: for "in-page" (the library
 * or `skillbox-embed.js` on the page; the sandbox frame inherits the page's policy) the runtime's
 * scripts and files, the frame's bootstrap by hash, blob: modules and workers, WebAssembly, and
 * blob: images (previews of a run's image files);
 * for "framed" (a deployment's `embed.html`, through `skillbox/client` or the `deployment`
 * attribute) the client's script and the frame. `runtimeOrigin` is where the runtime folder is
 * served (`'self'` when from the page's own origin).
 */
export function hostPageDirectives(
  runtimeOrigin: string,
  way: EmbeddingWay,
): Record<string, string> {
  return way === "in-page"
    ? {
        "script-src": `${runtimeOrigin} blob: 'wasm-unsafe-eval' ${FRAME_BOOTSTRAP_HASH}`,
        "worker-src": "blob:",
        "connect-src": runtimeOrigin,
        // A run's image files, previewed from the page's memory; no preview fetches anything.
        "img-src": "blob:",
      }
    : { "script-src": runtimeOrigin, "frame-src": runtimeOrigin };
}
