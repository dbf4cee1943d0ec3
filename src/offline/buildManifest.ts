/**
 * What the service worker precaches: every file of one build, with the build's identity. The
 * build writes it into `sw.js` itself, so each deployment's service worker differs byte for byte
 * and the browser sees the update.
 */
export interface BuildManifest {
  /** Hash of every precached file's path and contents. */
  id: string;
  files: { url: string; size: number }[];
}

/** Placeholder in the built `sw.js` that the build replaces with the manifest as JSON. */
export const BUILD_MANIFEST_PLACEHOLDER = "__SKILLBOX_BUILD__";

/** Cache Storage bucket of one build's precached files. */
export const APP_CACHE_PREFIX = "skillbox-app-";

export const appCacheName = (buildId: string) => `${APP_CACHE_PREFIX}${buildId}`;

/** Optional deployment files: looked up at install, served network-first, 404 when absent. */
export const OPTIONAL_FILES = ["/skillbox.config.json"];

/** Service worker ⇄ page messages. */
export type ServiceWorkerMessage =
  | { type: "precache-progress"; build: string; loadedBytes: number; totalBytes: number }
  | { type: "precache-done"; build: string; missing: string[] };

export type PageMessage = { type: "skip-waiting" } | { type: "offline-status" };

/** How ready the app is to work offline, as the service worker controlling the page reports. */
export interface OfflineStatus {
  build: string;
  /** Files of the build that could not be cached (quota, a missing file): not available offline. */
  missing: string[];
  complete: boolean;
}
