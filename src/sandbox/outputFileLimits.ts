import type { OutputFile } from "./runtime";

/** How many output files, and how many bytes of them, one run may return. */
export interface OutputFileLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Output files a run wrote beyond its limits: counted, never sent or stored. */
export interface OmittedFiles {
  files: number;
  bytes: number;
}

/**
 * The files (in path order) that fit the limits; a file too big for the bytes left is skipped, so
 * one huge file does not hide the small ones after it.
 */
export function limitOutputFiles(
  files: readonly OutputFile[],
  limits: OutputFileLimits,
): { kept: OutputFile[]; omitted?: OmittedFiles } {
  const kept: OutputFile[] = [];
  let bytes = 0;
  const omitted: OmittedFiles = { files: 0, bytes: 0 };
  for (const file of files) {
    const size = file.data.byteLength;
    if (kept.length < limits.maxFiles && bytes + size <= limits.maxBytes) {
      kept.push(file);
      bytes += size;
    } else {
      omitted.files += 1;
      omitted.bytes += size;
    }
  }
  return omitted.files > 0 ? { kept, omitted } : { kept };
}

const MIB = 1024 * 1024;

/** Bytes as a person reads them: `512 B`, `3.2 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MIB) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** The sandbox's note on a run whose output files passed its limits. */
export function omittedFilesNote(omitted: OmittedFiles, limits: OutputFileLimits): string {
  return (
    `output files past the run's limit of ${limits.maxFiles} files and ` +
    `${formatBytes(limits.maxBytes)} were not kept: ${omitted.files} files, ` +
    `${formatBytes(omitted.bytes)}`
  );
}
