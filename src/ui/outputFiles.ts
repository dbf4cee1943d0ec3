import type { Skillbox } from "../api/createSkillbox";
import { h } from "./dom";
import { filePreview } from "./previews/filePreview";

/** An output file's path inside its skill, from its URL (`/skillbox-files/RUN/SKILL/PATH`). */
export function outputFileName(url: string): string {
  const segments = new URL(url, "http://skillbox.invalid/").pathname.split("/").slice(4);
  return segments.map((segment) => decodeURIComponent(segment)).join("/") || url;
}

/** A file a run wrote: its name, and its preview read from the output file store on demand. */
export function outputFileView(skillbox: Skillbox, url: string) {
  const name = outputFileName(url);
  return {
    name,
    async render(): Promise<HTMLElement> {
      const bytes = await skillbox.readOutputFile(url);
      return bytes
        ? filePreview(name, bytes)
        : h("p", { className: "muted" }, `${name} is no longer kept (the oldest files go first).`);
    },
  };
}
