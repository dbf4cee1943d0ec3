/// <reference lib="webworker" />
import { OUTPUT_FILES_CACHE, OUTPUT_FILES_PREFIX } from "../src/files/outputFiles";

declare const self: ServiceWorkerGlobalScope;

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

/** Serves run output files from Cache Storage: after a reload, and with the network off. */
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(OUTPUT_FILES_PREFIX)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(OUTPUT_FILES_CACHE);
      const hit = await cache.match(url.href);
      return (
        hit ??
        new Response("This output file is no longer stored.", {
          status: 404,
          headers: { "Content-Type": "text/plain" },
        })
      );
    })(),
  );
});
