import { type BundleLimits, DEFAULT_BUNDLE_LIMITS } from "./limits";
import { type ParsedSkillFile, parseSkillFile, type SkillManifest } from "./manifest";
import { splitTopFolder, unsafePathReason } from "./paths";
import { type BundleProblem, bundleError } from "./problems";

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
  /** What the specification asks for that this bundle does not do; it installs regardless. */
  warnings: BundleProblem[];
}

export interface CheckOptions {
  /** The publish check for skill authors: every warning refuses the install too. */
  strict?: boolean;
}

export type BundleCheck =
  | { ok: true; bundle: SkillBundle }
  | { ok: false; problems: BundleProblem[] };

/** Files an archiver adds beside the skill (macOS resource forks, Finder state): never installed. */
export function isArchiverLitter(path: string): boolean {
  const segments = path.split("/");
  return segments[0] === "__MACOSX" || segments[segments.length - 1] === ".DS_Store";
}

const BUNDLE = "(bundle)";

export function isSkillFilePath(relativePath: string): boolean {
  return relativePath.toLowerCase() === "skill.md";
}

/**
 * Validates a bundle against CONTRACT §1 and reports every problem at once: errors refuse it,
 * warnings travel with it (both refuse it under `strict`).
 */
export function checkBundle(
  given: readonly BundleEntry[],
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): BundleCheck {
  const entries = given.filter((entry) => !isArchiverLitter(entry.path));
  const problems: BundleProblem[] = [];
  if (entries.length === 0) problems.push(bundleError(BUNDLE, "bundle.empty", "contains no files"));
  if (entries.length > limits.maxFiles) {
    problems.push(
      bundleError(
        BUNDLE,
        "bundle.file-count",
        `has ${entries.length} files; at most ${limits.maxFiles} are allowed`,
      ),
    );
  }

  const tops = new Set<string>();
  const files = new Map<string, Uint8Array>();
  /** Paths by their case-folded form: two that differ only in case collide on macOS and Windows. */
  const folded = new Map<string, string>();
  let totalBytes = 0;
  for (const entry of entries) {
    const reason = unsafePathReason(entry.path);
    if (reason) {
      problems.push(bundleError(entry.path, "path.unsafe", reason));
      continue;
    }
    if (entry.symlink) {
      problems.push(bundleError(entry.path, "path.symlink", "symbolic links are not allowed"));
      continue;
    }
    const { top, rest } = splitTopFolder(entry.path);
    if (!top || !rest) {
      problems.push(
        bundleError(
          entry.path,
          "bundle.top-folder",
          "is outside a folder; a bundle holds a single top-level folder with every file in it",
        ),
      );
      continue;
    }
    tops.add(top);
    if (entry.data.byteLength > limits.maxFileBytes) {
      problems.push(
        bundleError(
          entry.path,
          "limits.file-bytes",
          `is ${entry.data.byteLength} bytes; each file may be at most ${limits.maxFileBytes} bytes`,
        ),
      );
    }
    totalBytes += entry.data.byteLength;
    const sameButCase = folded.get(rest.toLowerCase());
    if (files.has(rest)) {
      problems.push(bundleError(entry.path, "path.duplicate", "appears more than once"));
    } else if (sameButCase !== undefined) {
      problems.push(
        bundleError(
          entry.path,
          "path.case-collision",
          `differs from ${sameButCase} only in letter case; the two would be one file on macOS and Windows`,
        ),
      );
    }
    folded.set(rest.toLowerCase(), entry.path);
    files.set(rest, entry.data);
  }
  if (totalBytes > limits.maxTotalBytes) {
    problems.push(
      bundleError(
        BUNDLE,
        "limits.total-bytes",
        `holds ${totalBytes} bytes in all; at most ${limits.maxTotalBytes} are allowed`,
      ),
    );
  }
  if (tops.size > 1) {
    problems.push(
      bundleError(
        BUNDLE,
        "bundle.top-folder",
        `has ${tops.size} top-level folders (${[...tops].sort().join(", ")}); exactly one is allowed`,
      ),
    );
  }

  const folder = tops.size === 1 ? [...tops][0]! : undefined;
  const skillFiles = [...files.keys()].filter(isSkillFilePath);
  let parsed: ParsedSkillFile | undefined;
  if (folder !== undefined && skillFiles.length === 0) {
    problems.push(
      bundleError(
        `${folder}/SKILL.md`,
        "skill-md.missing",
        "is missing; every skill needs one at its root",
      ),
    );
  } else if (skillFiles.length > 1) {
    problems.push(
      bundleError(
        `${folder}/SKILL.md`,
        "skill-md.duplicate",
        `exists ${skillFiles.length} times (${skillFiles.join(", ")}); names are matched case-insensitively and only one is allowed`,
      ),
    );
  } else if (folder !== undefined && skillFiles.length === 1) {
    const skillPath = `${folder}/${skillFiles[0]}`;
    const text = decodeUtf8(files.get(skillFiles[0]!)!);
    if (text === null) {
      problems.push(bundleError(skillPath, "skill-md.encoding", "is not valid UTF-8 text"));
    } else {
      const checked = parseSkillFile(text, skillPath, folder);
      parsed = checked.value;
      problems.push(...checked.problems);
    }
  }

  const reported = options.strict
    ? problems.map((p) => (p.level === "warning" ? { ...p, level: "error" as const } : p))
    : problems;
  if (!parsed || reported.some((p) => p.level === "error")) {
    return { ok: false, problems: reported };
  }
  return {
    ok: true,
    bundle: {
      name: parsed.manifest.name,
      manifest: parsed.manifest,
      instructions: parsed.body,
      files,
      warnings: reported,
    },
  };
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
