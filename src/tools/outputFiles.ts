import type { OutputFile } from "../sandbox/runtime";

/** Keeps the files a run wrote and hands out URLs that open them (CONTRACT §4 `files`). */
export interface OutputFileStore {
  save(runId: string, skillName: string, files: readonly OutputFile[]): Promise<string[]>;
}

/** The URL path of one output file; the service worker and every store agree on it. */
export function outputFileUrlPath(runId: string, skillName: string, path: string): string {
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return `/skillbox-files/${encodeURIComponent(runId)}/${encodeURIComponent(skillName)}/${encoded}`;
}
