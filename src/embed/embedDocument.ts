import { RUNTIME_LAYOUT } from "../sandbox/runtimeLayout";
import { DOCUMENT_POLICY } from "../server/securityHeaders";

/**
 * The embed page's document: its module, and the deployment's page CSP in a `<meta>` so it holds on a
 * host that sends no headers (which frames may embed it is a header, `frame-ancestors`).
 */
export function embedDocumentHtml(): string {
  const policy = DOCUMENT_POLICY.replaceAll('"', "&quot;");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><title>Skillbox embed</title><script type="module" src="./${RUNTIME_LAYOUT.embedModule}"></script></head><body></body></html>`;
}
