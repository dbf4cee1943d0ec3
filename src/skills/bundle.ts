import { type BundleLimits, DEFAULT_BUNDLE_LIMITS } from "./limits";
import { parseSkillFile, type SkillManifest } from "./manifest";
import { splitTopFolder, unsafePathReason } from "./paths";
import type { BundleProblem } from "./problems";

/** One file of a bundle as it arrives from a source (map, folder, zip). */
export interface BundleEntry {
  /** Path including the single top-level folder, e.g. `csv-insights/scripts/x.py`. */
  path: string;
  data: Uint8Array;
  /** True when the source marked the entry as a symbolic link. */
  symlink?: boolean;
}

/** A validated skill: what an install stores as one version. */
export interface SkillBundle {
  name: string;
  manifest: SkillManifest;
  /** SKILL.md body with the front matter removed. */
  instructions: string;
  /** Files keyed by their path inside the skill folder (`scripts/x.py`), SKILL.md included. */
  files: ReadonlyMap<string, Uint8Array>;
}

export type BundleCheck =
  | { ok: true; bundle: SkillBundle }
  | { ok: false; problems: BundleProblem[] };

const BUNDLE = "(bundle)";

export function isSkillFilePath(relativePath: string): boolean {
  return relativePath.toLowerCase() === "skill.md";
}

/** Validates a bundle against CONTRACT §1 and reports every problem at once. */
export function checkBundle(
  entries: readonly BundleEntry[],
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): BundleCheck {
  const problems: BundleProblem[] = [];
  if (entries.length === 0) problems.push({ file: BUNDLE, message: "contains no files" });
  if (entries.length > limits.maxFiles) {
    problems.push({
      file: BUNDLE,
      message: `has ${entries.length} files; at most ${limits.maxFiles} are allowed`,
    });
  }

  const tops = new Set<string>();
  const files = new Map<string, Uint8Array>();
  /** Paths by their case-folded form: two that differ only in case collide on macOS and Windows. */
  const folded = new Map<string, string>();
  let totalBytes = 0;
  for (const entry of entries) {
    const reason = unsafePathReason(entry.path);
    if (reason) {
      problems.push({ file: entry.path, message: reason });
      continue;
    }
    if (entry.symlink) {
      problems.push({ file: entry.path, message: "symbolic links are not allowed" });
      continue;
    }
    const { top, rest } = splitTopFolder(entry.path);
    if (!top || !rest) {
      problems.push({
        file: entry.path,
        message:
          "is outside a folder; a bundle holds a single top-level folder with every file in it",
      });
      continue;
    }
    tops.add(top);
    if (entry.data.byteLength > limits.maxFileBytes) {
      problems.push({
        file: entry.path,
        message: `is ${entry.data.byteLength} bytes; each file may be at most ${limits.maxFileBytes} bytes`,
      });
    }
    totalBytes += entry.data.byteLength;
    const sameButCase = folded.get(rest.toLowerCase());
    if (files.has(rest)) {
      problems.push({ file: entry.path, message: "appears more than once" });
    } else if (sameButCase !== undefined) {
      problems.push({
        file: entry.path,
        message: `differs from ${sameButCase} only in letter case; the two would be one file on macOS and Windows`,
      });
    }
    folded.set(rest.toLowerCase(), entry.path);
    files.set(rest, entry.data);
  }
  if (totalBytes > limits.maxTotalBytes) {
    problems.push({
      file: BUNDLE,
      message: `holds ${totalBytes} bytes in all; at most ${limits.maxTotalBytes} are allowed`,
    });
  }
  if (tops.size > 1) {
    problems.push({
      file: BUNDLE,
      message: `has ${tops.size} top-level folders (${[...tops].sort().join(", ")}); exactly one is allowed`,
    });
  }

  const folder = tops.size === 1 ? [...tops][0]! : undefined;
  const skillFiles = [...files.keys()].filter(isSkillFilePath);
  let manifest: SkillManifest | undefined;
  let instructions = "";
  if (folder !== undefined && skillFiles.length === 0) {
    problems.push({
      file: `${folder}/SKILL.md`,
      message: "is missing; every skill needs one at its root",
    });
  } else if (skillFiles.length > 1) {
    problems.push({
      file: `${folder}/SKILL.md`,
      message: `exists ${skillFiles.length} times (${skillFiles.join(", ")}); names are matched case-insensitively and only one is allowed`,
    });
  } else if (folder !== undefined && skillFiles.length === 1) {
    const skillPath = `${folder}/${skillFiles[0]}`;
    const text = decodeUtf8(files.get(skillFiles[0]!)!);
    if (text === null) {
      problems.push({ file: skillPath, message: "is not valid UTF-8 text" });
    } else {
      const parsed = parseSkillFile(text, skillPath);
      if (parsed.ok) {
        manifest = parsed.value.manifest;
        instructions = parsed.value.body;
      } else {
        problems.push(...parsed.problems);
      }
      const name = parsed.ok ? parsed.value.manifest.name : parsed.name;
      if (name !== undefined && name !== folder && !problems.some((p) => p.field === "name")) {
        problems.push({
          file: skillPath,
          field: "name",
          message: `"${name}" must equal the folder name "${folder}"`,
        });
      }
    }
  }

  if (problems.length > 0 || !manifest) return { ok: false, problems };
  return { ok: true, bundle: { name: manifest.name, manifest, instructions, files } };
}

const utf8 = new TextEncoder();

/** Entries from a map of path → contents (strings are stored as UTF-8). */
export function entriesFromMap(
  files: Readonly<Record<string, string | Uint8Array>>,
): BundleEntry[] {
  return Object.entries(files).map(([path, contents]) => ({
    path,
    data: typeof contents === "string" ? utf8.encode(contents) : contents,
  }));
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
