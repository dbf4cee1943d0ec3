import { OUTPUT_FILES_PREFIX } from "../files/servedOutputFile";
import type { OfflineStatus, PageMessage, ServiceWorkerMessage } from "./buildManifest";

/** What the page hears about offline support, for its status line. */
export interface OfflineEvents {
  /** Precaching a build: bytes cached so far of the build's total. */
  onProgress?(loadedBytes: number, totalBytes: number): void;
  /** Precaching ended; `missing` lists files that are not available offline. */
  onCached?(missing: string[]): void;
  /** A new build is installed and waiting; `reload` switches to it and reloads the page. */
  onUpdateReady?(reload: () => void): void;
}

export interface OfflineSupport {
  /** The controlling service worker's report, or null when no service worker controls the page. */
  status(): Promise<OfflineStatus | null>;
}

const SERVICE_WORKER_URL = "/sw.js";

function post(worker: ServiceWorker, message: PageMessage, transfer: Transferable[] = []) {
  worker.postMessage(message, transfer);
}

/**
 * Registers the service worker that precaches the build and keeps it working offline. A new
 * build never takes over a page on its own: it waits until the user chooses to reload, so a run
 * in progress is never cut off.
 */
export async function startOfflineSupport(events: OfflineEvents = {}): Promise<OfflineSupport> {
  const container = navigator.serviceWorker;
  if (!container) return { status: async () => null };
  container.addEventListener("message", (event: MessageEvent<ServiceWorkerMessage>) => {
    const message = event.data;
    if (message?.type === "precache-progress") {
      events.onProgress?.(message.loadedBytes, message.totalBytes);
    } else if (message?.type === "precache-done") {
      events.onCached?.(message.missing);
    }
  });
  const registration = await container.register(SERVICE_WORKER_URL, {
    type: "module",
    scope: "/",
  });
  // Output files' URLs work as soon as a run hands them out, not only once the build is cached;
  // without this registration they still work after that, so its failure is not the page's.
  await container
    .register(SERVICE_WORKER_URL, { type: "module", scope: OUTPUT_FILES_PREFIX })
    .catch(() => {});
  // Only a switch the user asked for reloads: the first install also changes the controller.
  let switching = false;
  container.addEventListener("controllerchange", () => {
    if (switching) location.reload();
  });
  const offerUpdate = (worker: ServiceWorker) => {
    if (!container.controller) return;
    events.onUpdateReady?.(() => {
      switching = true;
      post(worker, { type: "skip-waiting" });
    });
  };
  const watchInstalling = (worker: ServiceWorker | null) => {
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") offerUpdate(worker);
    });
  };
  if (registration.waiting) offerUpdate(registration.waiting);
  watchInstalling(registration.installing);
  registration.addEventListener("updatefound", () => watchInstalling(registration.installing));

  return {
    async status() {
      const controller = container.controller;
      if (!controller) return null;
      const channel = new MessageChannel();
      const reply = new Promise<OfflineStatus | null>((resolve) => {
        channel.port1.onmessage = (event: MessageEvent<OfflineStatus | null>) =>
          resolve(event.data);
      });
      post(controller, { type: "offline-status" }, [channel.port2]);
      return reply;
    },
  };
}
