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

/**
 * Output files kept in Cache Storage under `/skillbox-files/RUN/SKILL/PATH`, so their URLs keep
 * working after a reload and offline (the service worker serves them).
 */
export class CacheOutputFileStore implements OutputFileStore {
  constructor(private readonly origin: string = location.origin) {}

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
    return urls;
  }
}
