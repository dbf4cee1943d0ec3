import { ModelFileError } from "./modelFile";

/**
 * Where model files are kept, by name: the origin's private file system (OPFS) where the browser
 * offers it, Cache Storage otherwise (WebKitGTK, for one, has no OPFS). Neither is reachable by a
 * skill script, whose frame has an opaque origin.
 */
export interface ModelFiles {
  /** Streams bytes into a file; rejects, leaving nothing, when the stream fails or is stopped. */
  write(name: string, bytes: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<void>;
  read(name: string): Promise<Blob | undefined>;
  remove(name: string): Promise<void>;
  names(): Promise<string[]>;
}

const FOLDER = "skillbox-models";
/** Cache Storage keys are URLs: the files live under this path of the app's origin. */
const CACHE_PATH = "/__skillbox/models/";

const storageBlocked = () =>
  new ModelFileError(
    "unreadable",
    "This browser lets this page keep no files (its storage is blocked here, as it can be for a page framed by another site, or in private browsing), so no model can be stored.",
  );

function opfsFiles(folder: FileSystemDirectoryHandle): ModelFiles {
  return {
    async write(name, bytes, signal) {
      const handle = await folder.getFileHandle(name, { create: true });
      try {
        await bytes.pipeTo(await handle.createWritable(), signal ? { signal } : {});
      } catch (error) {
        await folder.removeEntry(name).catch(() => {});
        throw error;
      }
    },
    async read(name) {
      const handle = await folder.getFileHandle(name).catch(() => undefined);
      return handle?.getFile();
    },
    async remove(name) {
      await folder.removeEntry(name).catch(() => {});
    },
    async names() {
      const names: string[] = [];
      // The async iteration of a directory is in every OPFS browser but not yet in TS's DOM types.
      const entries = (folder as unknown as { keys(): AsyncIterable<string> }).keys();
      for await (const name of entries) names.push(name);
      return names;
    },
  };
}

function cacheFiles(cache: Cache): ModelFiles {
  const key = (name: string) => new URL(`${CACHE_PATH}${name}`, location.origin).href;
  return {
    async write(name, bytes, signal) {
      const stopped = new Promise<never>((_, reject) =>
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true }),
      );
      const body = new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } });
      try {
        await (signal
          ? Promise.race([cache.put(key(name), body), stopped])
          : cache.put(key(name), body));
      } catch (error) {
        await bytes.cancel().catch(() => {});
        await cache.delete(key(name)).catch(() => false);
        throw error;
      }
    },
    async read(name) {
      return (await cache.match(key(name)))?.blob();
    },
    async remove(name) {
      await cache.delete(key(name)).catch(() => false);
    },
    async names() {
      return (await cache.keys()).map((request) =>
        decodeURIComponent(new URL(request.url).pathname.slice(CACHE_PATH.length)),
      );
    },
  };
}

/** The browser's best place for model files; rejects with a clear message where there is none. */
export async function openModelFiles(): Promise<ModelFiles> {
  try {
    if (typeof navigator !== "undefined" && navigator.storage?.getDirectory) {
      const root = await navigator.storage.getDirectory();
      return opfsFiles(await root.getDirectoryHandle(FOLDER, { create: true }));
    }
    if (typeof caches !== "undefined") return cacheFiles(await caches.open(FOLDER));
  } catch (error) {
    if (error instanceof DOMException && error.name === "SecurityError") throw storageBlocked();
    throw error;
  }
  throw new ModelFileError("unreadable", "This browser offers no storage to keep models in.");
}
