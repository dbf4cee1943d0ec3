import { ModelFileError, type ModelFileInfo, readModelFile } from "./modelFile";
import { type ModelFiles, openModelFiles } from "./modelFiles";

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

/** Models kept in the app origin's storage (see `ModelFiles`), which no skill script can reach. */
export interface ModelStore {
  list(): Promise<StoredModel[]>;
  get(id: string): Promise<StoredModel | undefined>;
  /** The model's file, for the engine. */
  file(id: string): Promise<Blob>;
  /** Checks a file's GGUF header, then stores a copy of the file. */
  add(file: File, onProgress?: ModelProgress): Promise<StoredModel>;
  /** Downloads a GGUF once, with progress; Stop (the signal) leaves nothing behind. */
  download(url: string, onProgress?: ModelProgress, signal?: AbortSignal): Promise<StoredModel>;
  remove(id: string): Promise<void>;
}

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

async function storedFile(dir: ModelFiles, id: string): Promise<Blob> {
  const file = await dir.read(dataName(id));
  if (!file) throw new ModelFileError("unreadable", "That model is no longer stored here.");
  return file;
}

/** Opens the store, on OPFS or Cache Storage (`files`, for tests). */
export function openModelStore(files: () => Promise<ModelFiles> = openModelFiles): ModelStore {
  let opened: Promise<ModelFiles> | undefined;
  const directory = () => {
    opened ??= files();
    opened.catch(() => {
      opened = undefined;
    });
    return opened;
  };

  /** Models being written now: their files have no info yet, and are not leftovers. */
  const writing = new Set<string>();

  const readInfo = async (dir: ModelFiles, id: string) => {
    const file = await dir.read(infoName(id));
    return file ? (JSON.parse(await file.text()) as StoredModel) : undefined;
  };

  /**
   * Streams bytes into a new model file, then checks its header (unless the caller read it from
   * the same bytes already) and writes the info beside it: a model is listed only once complete
   * and readable, and a failure removes what was written.
   */
  const store = async (
    bytes: ReadableStream<Uint8Array>,
    fileName: string,
    sourceUrl: string | undefined,
    signal: AbortSignal | undefined,
    header?: ModelFileInfo,
  ): Promise<StoredModel> => {
    const dir = await directory();
    const id = crypto.randomUUID();
    writing.add(id);
    // Ask the browser not to evict models under storage pressure (it may say no).
    void navigator.storage?.persist?.().catch(() => false);
    try {
      await dir.write(dataName(id), bytes, signal);
      const info = header ?? (await readModelFile(await storedFile(dir, id), fileName));
      const model: StoredModel = {
        ...info,
        id,
        fileName,
        ...(sourceUrl ? { sourceUrl } : {}),
        addedAt: new Date().toISOString(),
      };
      await dir.write(infoName(id), new Blob([JSON.stringify(model)]).stream());
      return model;
    } catch (error) {
      await dir.remove(dataName(id));
      if (error instanceof DOMException && error.name === "QuotaExceededError") {
        throw new ModelFileError(
          "unreadable",
          `There is not enough storage for ${fileName}: free some space or choose a smaller model.`,
        );
      }
      throw error;
    } finally {
      writing.delete(id);
    }
  };

  return {
    async list() {
      const dir = await directory();
      const names = new Set(await dir.names());
      const models: StoredModel[] = [];
      for (const name of names) {
        if (!name.endsWith(".json")) continue;
        const info = await readInfo(dir, name.slice(0, -5)).catch(() => undefined);
        if (info) models.push(info);
      }
      // A model file without its info, not being written, is what an interrupted add leaves.
      for (const name of names) {
        const id = name.slice(0, -5);
        if (name.endsWith(".gguf") && !names.has(infoName(id)) && !writing.has(id)) {
          await dir.remove(name);
        }
      }
      return models.sort((a, b) => a.addedAt.localeCompare(b.addedAt));
    },
    async get(id) {
      return readInfo(await directory(), id).catch(() => undefined);
    },
    async file(id) {
      return storedFile(await directory(), id);
    },
    async add(file, onProgress) {
      // Check the header before copying gigabytes; the copy has the same bytes.
      const header = await readModelFile(file, file.name);
      return store(
        file.stream().pipeThrough(counting(onProgress, file.size)),
        file.name,
        undefined,
        undefined,
        header,
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
      await dir.remove(infoName(id));
      await dir.remove(dataName(id));
    },
  };
}
