import { type EmbeddingWay, hostPageDirectives } from "../../src/server/securityHeaders";

/**
 * A host page's own strict CSP plus exactly the directives the README gives for embedding a
 * deployment at `runtimeOrigin` that way; `connect` adds sources the page itself fetches from.
 */
export function hostPagePolicy(runtimeOrigin: string, way: EmbeddingWay, connect = ""): string {
  const needed = hostPageDirectives(runtimeOrigin, way);
  const own: Record<string, string> = {
    "script-src": "'self'",
    "connect-src": `'self' ${connect}`.trim(),
  };
  const names = new Set([...Object.keys(own), ...Object.keys(needed)]);
  return [
    "default-src 'none'",
    ...[...names].map((name) => `${name} ${[own[name], needed[name]].filter(Boolean).join(" ")}`),
  ].join("; ");
}
