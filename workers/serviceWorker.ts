/// <reference lib="webworker" />

import { isOtherEngineBuild, usesCompatBuild } from "../src/agent/local/engineBuild";
import { readStoredOutputFile } from "../src/files/outputFileStore";
import {
  DOWNLOAD_PARAMETER,
  OUTPUT_FILES_PREFIX,
  outputFileHeaders,
} from "../src/files/servedOutputFile";
import {
  APP_CACHE_PREFIX,
  appCacheName,
  type BuildManifest,
  type OfflineStatus,
  OPTIONAL_FILES,
  type PageMessage,
  type ServiceWorkerMessage,
} from "../src/offline/buildManifest";
import { EVERY_RESPONSE, pagePolicy } from "../src/server/securityHeaders";

declare const self: ServiceWorkerGlobalScope;
/** Replaced by the build with this build's manifest; absent in development (no precache). */
declare const __SKILLBOX_BUILD__: BuildManifest;

const BUILT: BuildManifest | undefined =
  typeof __SKILLBOX_BUILD__ === "undefined" ? undefined : __SKILLBOX_BUILD__;
/**
 * The build as this browser uses it: the in-browser model's engine comes in two builds (10 MB
 * and 19 MB), and each browser only ever loads one, so only that one is kept offline.
 */
const BUILD: BuildManifest | undefined = BUILT && {
  ...BUILT,
  files: BUILT.files.filter((file) => !isOtherEngineBuild(file.url, usesCompatBuild())),
};
const CACHE = BUILD ? appCacheName(BUILD.id) : undefined;
const PRECACHED = new Set(BUILD?.files.map((file) => file.url));
/** Where the install's outcome is kept, inside the build's own cache. */
const STATUS_URL = "/__skillbox/offline-status.json";
const PARALLEL_DOWNLOADS = 4;

async function tell(message: ServiceWorkerMessage): Promise<void> {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

/**
 * Caches every file of the build, a few at a time, reporting bytes as they arrive. A file that
 * cannot be cached is recorded, not fatal: the online app keeps working and says what is missing.
 */
async function precache(build: BuildManifest, cacheName: string): Promise<void> {
  const cache = await caches.open(cacheName);
  const totalBytes = build.files.reduce((sum, file) => sum + file.size, 0);
  let loadedBytes = 0;
  const missing: string[] = [];
  const queue = [...build.files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      try {
        if (!(await cache.match(file.url))) {
          const response = await fetch(file.url, { cache: "no-cache" });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          await cache.put(file.url, response);
        }
      } catch {
        missing.push(file.url);
      }
      loadedBytes += file.size;
      void tell({ type: "precache-progress", build: build.id, loadedBytes, totalBytes });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
  await Promise.all(OPTIONAL_FILES.map((url) => refreshOptional(cache, url).catch(() => {})));
  const status: OfflineStatus = { build: build.id, missing, complete: missing.length === 0 };
  await cache.put(STATUS_URL, Response.json(status)).catch(() => {});
  await tell({ type: "precache-done", build: build.id, missing });
}

/** Fetches an optional file and keeps what the server said, a 404 included. */
async function refreshOptional(cache: Cache, url: string): Promise<Response> {
  const response = await fetch(url, { cache: "no-cache" });
  if (response.ok || response.status === 404) await cache.put(url, response.clone());
  return response;
}

async function offlineStatus(): Promise<OfflineStatus | null> {
  if (!CACHE) return null;
  const stored = await (await caches.open(CACHE)).match(STATUS_URL);
  return stored ? ((await stored.json()) as OfflineStatus) : null;
}

/**
 * This script is also registered for the output files' scope alone. There it caches nothing and
 * takes over at once, so a file's URL opens while the app's own registration is still caching the
 * build on a first visit (a navigation goes to the registration with the longest matching scope).
 */
const SERVES_OUTPUT_FILES_ONLY = new URL(self.registration.scope).pathname === OUTPUT_FILES_PREFIX;

self.addEventListener("install", (event) => {
  if (SERVES_OUTPUT_FILES_ONLY) event.waitUntil(self.skipWaiting());
  else if (BUILD && CACHE) event.waitUntil(precache(BUILD, CACHE));
});

self.addEventListener("activate", (event) => {
  if (SERVES_OUTPUT_FILES_ONLY) {
    event.waitUntil(self.clients.claim());
    return;
  }
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(APP_CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const message = event.data as PageMessage | undefined;
  if (message?.type === "skip-waiting") void self.skipWaiting();
  if (message?.type === "offline-status") {
    event.waitUntil(offlineStatus().then((status) => event.ports[0]?.postMessage(status)));
  }
});

/**
 * The app's pages get the headers a static host does not send: cross-origin isolation (so the
 * sandbox can interrupt a run before terminating it) and the page's CSP.
 */
function withPageHeaders(response: Response, pathname: string): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(EVERY_RESPONSE)) headers.set(name, value);
  const policy = pagePolicy(pathname === "/" ? "/index.html" : pathname);
  if (policy && !headers.has("Content-Security-Policy")) {
    headers.set("Content-Security-Policy", policy);
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * An output file, with headers decided here from its path at every request: what a script wrote
 * is never served as a document that could act (see `outputFileHeaders`).
 */
async function outputFile(url: URL): Promise<Response> {
  const body = await readStoredOutputFile(url.pathname);
  if (!body) {
    // A browser keeps an embedded deployment's files in storage partitioned by the embedding
    // site, which a tab of the deployment's own cannot read: say so rather than only "missing".
    const reason =
      "This output file is not stored in this browser tab's storage of Skillbox: it was removed " +
      "to make room for newer runs, or it was made by Skillbox embedded in another site's page, " +
      "whose files stay with that page (the page offers them through readOutputFile).";
    return new Response(reason, {
      status: 404,
      headers: { "Content-Type": "text/plain", "X-Content-Type-Options": "nosniff" },
    });
  }
  const path = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf("/") + 1));
  const download = url.searchParams.has(DOWNLOAD_PARAMETER);
  return new Response(body, { headers: outputFileHeaders(path, body.byteLength, download) });
}

async function optionalFile(request: Request, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    return await refreshOptional(cache, request.url);
  } catch {
    return (await cache.match(request.url)) ?? new Response("Not found", { status: 404 });
  }
}

/** The build's cache key for a URL of the app: its path, with `/` meaning `/index.html`. */
const cacheKey = (url: URL) => (url.pathname === "/" ? "/index.html" : url.pathname);

/** A precached file from the build's cache; the network when it is not there. */
async function appFile(request: Request, key: string, cacheName: string): Promise<Response> {
  const cached = await (await caches.open(cacheName)).match(key);
  const response = cached ?? (await fetch(request));
  return request.mode === "navigate" ? withPageHeaders(response, key) : response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || request.method !== "GET") return;
  if (url.pathname.startsWith(OUTPUT_FILES_PREFIX)) {
    event.respondWith(outputFile(url));
  } else if (CACHE && OPTIONAL_FILES.includes(url.pathname)) {
    event.respondWith(optionalFile(request, CACHE));
  } else if (CACHE && PRECACHED.has(cacheKey(url))) {
    event.respondWith(appFile(request, cacheKey(url), CACHE));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).then((response) => withPageHeaders(response, url.pathname)));
  }
});
