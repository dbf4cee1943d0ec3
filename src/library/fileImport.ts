import type { BundleEntry, CheckOptions, SkillBundle } from "../skills/bundle";
import { DEFAULT_BUNDLE_LIMITS } from "../skills/limits";
import { bundleFromEntries, bundleFromZipWithProgress } from "../skills/sources";
import type { SkillOrigin } from "../skills/storage";
import type { ZipProgress } from "../skills/zip";

/** What a user handed in: loose files of one folder (with its origin, if it had an address), or a zip. */
export type ImportSource =
  | { kind: "files"; entries: BundleEntry[]; origin?: SkillOrigin }
  | { kind: "zip"; bytes: Uint8Array };

export type ImportProgress = (progress: ZipProgress) => void;

/** Validates an import source into a bundle; throws a BundleValidationError listing every problem. */
export function bundleFromSource(
  source: ImportSource,
  onProgress: ImportProgress,
  options: CheckOptions = {},
): Promise<SkillBundle> {
  return source.kind === "zip"
    ? bundleFromZipWithProgress(source.bytes, onProgress, DEFAULT_BUNDLE_LIMITS, options)
    : Promise.resolve(bundleFromEntries(source.entries, DEFAULT_BUNDLE_LIMITS, options));
}

async function entryOf(path: string, file: Blob): Promise<BundleEntry> {
  return { path, data: new Uint8Array(await file.arrayBuffer()) };
}

export async function zipSource(file: Blob): Promise<ImportSource> {
  return { kind: "zip", bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Files picked with `<input webkitdirectory>` (each knows its path inside the folder). */
export async function folderSource(files: Iterable<File>): Promise<ImportSource> {
  const entries = await Promise.all(
    [...files].map((f) => entryOf(f.webkitRelativePath || f.name, f)),
  );
  return { kind: "files", entries };
}

/** Minimal shape of the File System Access API's directory handle (not in every lib.dom). */
export interface DirectoryHandle {
  kind: "directory";
  name: string;
  values(): AsyncIterable<
    DirectoryHandle | { kind: "file"; name: string; getFile(): Promise<File> }
  >;
}

async function handleEntries(handle: DirectoryHandle, prefix: string): Promise<BundleEntry[]> {
  const entries: BundleEntry[] = [];
  for await (const child of handle.values()) {
    const path = `${prefix}/${child.name}`;
    if (child.kind === "directory") entries.push(...(await handleEntries(child, path)));
    else entries.push(await entryOf(path, await child.getFile()));
  }
  return entries;
}

/** A folder picked with `showDirectoryPicker()`. */
export async function directoryHandleSource(handle: DirectoryHandle): Promise<ImportSource> {
  return { kind: "files", entries: await handleEntries(handle, handle.name) };
}

function readAllEntries(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) resolve(all);
        else {
          all.push(...batch);
          next();
        }
      }, reject);
    next();
  });
}

async function fileSystemEntries(entry: FileSystemEntry): Promise<BundleEntry[]> {
  const path = entry.fullPath.replace(/^\//, "");
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) =>
      (entry as FileSystemFileEntry).file(resolve, reject),
    );
    return [await entryOf(path, file)];
  }
  const children = await readAllEntries((entry as FileSystemDirectoryEntry).createReader());
  return (await Promise.all(children.map(fileSystemEntries))).flat();
}

/** What was dropped on the page: a `.zip` file, or a folder (walked). */
export async function dropSource(transfer: DataTransfer): Promise<ImportSource> {
  const file = transfer.files[0];
  if (transfer.files.length === 1 && file && file.name.toLowerCase().endsWith(".zip")) {
    return zipSource(file);
  }
  const roots = [...transfer.items]
    .map((item) => (item.kind === "file" ? item.webkitGetAsEntry() : null))
    .filter((entry): entry is FileSystemEntry => entry !== null);
  return { kind: "files", entries: (await Promise.all(roots.map(fileSystemEntries))).flat() };
}
