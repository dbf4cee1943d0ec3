/**
 * Whether another origin frames this page. A host that sends headers keeps the app out of other
 * sites' frames with `frame-ancestors`; a plain static host sends none, so the page asks itself.
 */
export function framedByAnotherOrigin(): boolean {
  if (window.top === window) return false;
  try {
    return window.top?.location.origin !== location.origin;
  } catch {
    return true;
  }
}
