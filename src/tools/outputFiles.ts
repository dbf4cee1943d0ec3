import { OUTPUT_FILES_PREFIX } from "../files/servedOutputFile";
import type { OutputFile } from "../sandbox/runtime";

/** Keeps the files a run wrote and hands out URLs that open them (CONTRACT §4 `files`). */
export interface OutputFileStore {
  save(runId: string, skillName: string, files: readonly OutputFile[]): Promise<string[]>;
}

/** The URL path of one output file; the service worker and every store agree on it. */
export function outputFileUrlPath(runId: string, skillName: string, path: string): string {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return `${OUTPUT_FILES_PREFIX}${encodeURIComponent(runId)}/${encodeURIComponent(skillName)}/${encoded}`;
}

/**
 * The path inside its skill of the output file at `url` (a URL `outputFileUrlPath` made, whole or
 * as a path); undefined for any other URL.
 */
export function outputFilePathOf(url: string): string | undefined {
  const { pathname } = new URL(url, "http://skillbox.invalid/");
  if (!pathname.startsWith(OUTPUT_FILES_PREFIX)) return undefined;
  const path = pathname.slice(OUTPUT_FILES_PREFIX.length).split("/").slice(2);
  return path.length > 0 && path.every(Boolean)
    ? path.map(decodeURIComponent).join("/")
    : undefined;
}
