import type { OutputFile } from "../sandbox/runtime";
import { contentTypeOf } from "../skills/contentType";
import { unsafePathReason } from "../skills/paths";
import { type OutputFileStore, outputFileUrlPath } from "../tools/outputFiles";

/** Cache Storage bucket the output files live in; the service worker answers from it. */
export const OUTPUT_FILES_CACHE = "skillbox-output-files";
export const OUTPUT_FILES_PREFIX = "/skillbox-files/";

/**
 * Headers an output file is served with. The bytes come from an untrusted script, so the file
 * opens as a sandboxed document (no scripts, opaque origin) and is never sniffed into HTML.
 */
export function outputFileHeaders(path: string, size: number): Record<string, string> {
  return {
    "Content-Type": contentTypeOf(path),
    "Content-Length": String(size),
    "Content-Security-Policy":
      "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
  };
}

/** How much the output files take, against the cap. */
export interface OutputFileStats {
  files: number;
  bytes: number;
  capBytes: number;
}

export const DEFAULT_OUTPUT_CAP_BYTES = 200 * 1024 * 1024;

/**
 * Output files kept in Cache Storage under `/skillbox-files/RUN/SKILL/PATH`, so their URLs keep
 * working after a reload and offline (the service worker serves them). Past the cap the oldest
 * files are evicted first (Cache Storage lists entries in the order they were put).
 */
export class CacheOutputFileStore implements OutputFileStore {
  constructor(
    private readonly origin: string = location.origin,
    readonly capBytes: number = DEFAULT_OUTPUT_CAP_BYTES,
  ) {}

  async stats(): Promise<OutputFileStats> {
    const sizes = await this.sizes();
    return {
      files: sizes.length,
      bytes: sizes.reduce((sum, [, size]) => sum + size, 0),
      capBytes: this.capBytes,
    };
  }

  async clear(): Promise<void> {
    await caches.delete(OUTPUT_FILES_CACHE);
  }

  private async sizes(): Promise<[Request, number][]> {
    const cache = await caches.open(OUTPUT_FILES_CACHE);
    const requests = await cache.keys();
    return Promise.all(
      requests.map(async (request): Promise<[Request, number]> => {
        const response = await cache.match(request);
        return [request, Number(response?.headers.get("Content-Length") ?? 0)];
      }),
    );
  }

  private async evict(): Promise<void> {
    const sizes = await this.sizes();
    let total = sizes.reduce((sum, [, size]) => sum + size, 0);
    const cache = await caches.open(OUTPUT_FILES_CACHE);
    for (const [request, size] of sizes) {
      if (total <= this.capBytes) break;
      await cache.delete(request);
      total -= size;
    }
  }

  async save(runId: string, skillName: string, files: readonly OutputFile[]): Promise<string[]> {
    if (files.length === 0) return [];
    const cache = await caches.open(OUTPUT_FILES_CACHE);
    const urls: string[] = [];
    for (const file of files) {
      if (unsafePathReason(file.path)) continue;
      const url = `${this.origin}${outputFileUrlPath(runId, skillName, file.path)}`;
      const body = file.data.slice().buffer as ArrayBuffer;
      await cache.put(
        url,
        new Response(body, { headers: outputFileHeaders(file.path, file.data.byteLength) }),
      );
      urls.push(url);
    }
    await this.evict();
    return urls;
  }
}
