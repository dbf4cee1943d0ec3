import { ModelFileError, type ModelFileInfo, readModelFile } from "./modelFile";

/** A model kept in this browser, ready to load without a network. */
export interface StoredModel extends ModelFileInfo {
  id: string;
  /** The file's name as chosen or downloaded. */
  fileName: string;
  /** Where it was downloaded from, for a model added by URL. */
  sourceUrl?: string;
  addedAt: string;
}

/** Bytes so far of a model being added, and the total when known. */
export type ModelProgress = (loadedBytes: number, totalBytes: number | undefined) => void;

/** Models in the app origin's private file system (OPFS), which no skill script can reach. */
export interface ModelStore {
  list(): Promise<StoredModel[]>;
  get(id: string): Promise<StoredModel | undefined>;
  /** The model's file, for the engine. */
  file(id: string): Promise<File>;
  /** Checks a file's GGUF header, then stores a copy of the file. */
  add(file: File, onProgress?: ModelProgress): Promise<StoredModel>;
  /** Downloads a GGUF once, with progress; Stop (the signal) leaves nothing behind. */
  download(url: string, onProgress?: ModelProgress, signal?: AbortSignal): Promise<StoredModel>;
  remove(id: string): Promise<void>;
}

const FOLDER = "skillbox-models";

const dataName = (id: string) => `${id}.gguf`;
const infoName = (id: string) => `${id}.json`;

/** Counts bytes as they pass, for progress. */
function counting(onProgress: ModelProgress | undefined, total: number | undefined) {
  let loaded = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      onProgress?.(loaded, total);
      controller.enqueue(chunk);
    },
  });
}

function fileNameOf(url: URL): string {
  const last = decodeURIComponent(url.pathname.split("/").filter(Boolean).at(-1) ?? "");
  return last || "model.gguf";
}

/** Opens the store; rejects with a clear message where the browser has no OPFS. */
export function openModelStore(
  root: () => Promise<FileSystemDirectoryHandle> = () => navigator.storage.getDirectory(),
): ModelStore {
  let folder: Promise<FileSystemDirectoryHandle> | undefined;
  const directory = () => {
    folder ??= (async () => {
      if (typeof navigator === "undefined" || !navigator.storage?.getDirectory) {
        throw new ModelFileError(
          "unreadable",
          "This browser has no private file system (OPFS) to keep models in.",
        );
      }
      try {
        return await (await root()).getDirectoryHandle(FOLDER, { create: true });
      } catch (error) {
        if (error instanceof DOMException && error.name === "SecurityError") {
          throw new ModelFileError(
            "unreadable",
            "This browser lets this page keep no files (its storage is blocked here, as it can be for a page framed by another site, or in private browsing), so no model can be stored.",
          );
        }
        throw error;
      }
    })();
    folder.catch(() => {
      folder = undefined;
    });
    return folder;
  };

  const readInfo = async (dir: FileSystemDirectoryHandle, id: string) => {
    const handle = await dir.getFileHandle(infoName(id)).catch(() => undefined);
    if (!handle) return undefined;
    return JSON.parse(await (await handle.getFile()).text()) as StoredModel;
  };

  /**
   * Streams bytes into a new model file, then checks its header and writes the info beside it:
   * a model is listed only once complete and readable, and a failure removes what was written.
   */
  const store = async (
    bytes: ReadableStream<Uint8Array>,
    fileName: string,
    sourceUrl: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<StoredModel> => {
    const dir = await directory();
    const id = crypto.randomUUID();
    // Ask the browser not to evict models under storage pressure (it may say no).
    void navigator.storage.persist?.().catch(() => false);
    try {
      const handle = await dir.getFileHandle(dataName(id), { create: true });
      await bytes.pipeTo(await handle.createWritable(), signal ? { signal } : {});
      const info = await readModelFile(await handle.getFile(), fileName);
      const model: StoredModel = {
        ...info,
        id,
        fileName,
        ...(sourceUrl ? { sourceUrl } : {}),
        addedAt: new Date().toISOString(),
      };
      const writable = await (
        await dir.getFileHandle(infoName(id), { create: true })
      ).createWritable();
      await writable.write(JSON.stringify(model));
      await writable.close();
      return model;
    } catch (error) {
      await dir.removeEntry(dataName(id)).catch(() => {});
      if (error instanceof DOMException && error.name === "QuotaExceededError") {
        throw new ModelFileError(
          "unreadable",
          `There is not enough storage for ${fileName}: free some space or choose a smaller model.`,
        );
      }
      throw error;
    }
  };

  return {
    async list() {
      const dir = await directory();
      const models: StoredModel[] = [];
      const names = new Set<string>();
      // The async iteration of a directory is in every OPFS browser but not yet in TS's DOM types.
      const entries = (dir as unknown as { keys(): AsyncIterable<string> }).keys();
      for await (const name of entries) names.add(name);
      for (const name of names) {
        if (!name.endsWith(".json")) continue;
        const info = await readInfo(dir, name.slice(0, -5)).catch(() => undefined);
        if (info) models.push(info);
      }
      // A model file without its info is what an interrupted add leaves: nothing to keep.
      for (const name of names) {
        if (name.endsWith(".gguf") && !names.has(infoName(name.slice(0, -5)))) {
          await dir.removeEntry(name).catch(() => {});
        }
      }
      return models.sort((a, b) => a.addedAt.localeCompare(b.addedAt));
    },
    async get(id) {
      return readInfo(await directory(), id).catch(() => undefined);
    },
    async file(id) {
      const handle = await (await directory()).getFileHandle(dataName(id)).catch(() => undefined);
      if (!handle) throw new ModelFileError("unreadable", "That model is no longer stored here.");
      return handle.getFile();
    },
    async add(file, onProgress) {
      // Check the header before copying gigabytes.
      await readModelFile(file, file.name);
      return store(
        file.stream().pipeThrough(counting(onProgress, file.size)),
        file.name,
        undefined,
        undefined,
      );
    },
    async download(url, onProgress, signal) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new ModelFileError("unreadable", `“${url}” is not a URL.`);
      }
      let response: Response;
      try {
        response = await fetch(parsed, signal ? { signal } : {});
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ModelFileError(
          "unreadable",
          `Could not download ${parsed.href}: ${(error as Error).message}. The server must allow this page (CORS), as Hugging Face does.`,
        );
      }
      if (!response.ok || !response.body) {
        throw new ModelFileError(
          "unreadable",
          `Could not download ${parsed.href}: the server answered ${response.status}.`,
        );
      }
      const length = Number(response.headers.get("Content-Length"));
      const total = Number.isFinite(length) && length > 0 ? length : undefined;
      return store(
        response.body.pipeThrough(counting(onProgress, total)),
        fileNameOf(parsed),
        parsed.href,
        signal,
      );
    },
    async remove(id) {
      const dir = await directory();
      await dir.removeEntry(infoName(id)).catch(() => {});
      await dir.removeEntry(dataName(id)).catch(() => {});
    },
  };
}
