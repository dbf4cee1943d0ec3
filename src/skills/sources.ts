import { decodeBase64 } from "../encoding/base64";
import {
  type BundleEntry,
  type CheckOptions,
  checkBundle,
  entriesFromMap,
  type SkillBundle,
} from "./bundle";
import { type BundleLimits, DEFAULT_BUNDLE_LIMITS } from "./limits";
import { BundleValidationError, bundleError } from "./problems";
import { readZip, readZipWithProgress, type ZipProgress, type ZipReadResult } from "./zip";

/** A bundle from a map of `FOLDER/path` → contents (CONTRACT §6 `installSkill({ files })`). */
export function bundleFromMap(
  files: Readonly<Record<string, string | Uint8Array>>,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): SkillBundle {
  return bundleFromEntries(entriesFromMap(files), limits, options);
}

export function bundleFromEntries(
  entries: readonly BundleEntry[],
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): SkillBundle {
  const result = checkBundle(entries, limits, options);
  if (!result.ok) throw new BundleValidationError(result.problems);
  return result.bundle;
}

/** A bundle from zip bytes; zip-level problems and bundle problems are reported together. */
export function bundleFromZip(
  zip: Uint8Array,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): SkillBundle {
  return bundleFromZipRead(readZip(zip, limits), limits, options);
}

/** {@link bundleFromZip} that yields to the page while it inflates and reports progress. */
export async function bundleFromZipWithProgress(
  zip: Uint8Array,
  onProgress: (progress: ZipProgress) => void,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): Promise<SkillBundle> {
  return bundleFromZipRead(await readZipWithProgress(zip, onProgress, limits), limits, options);
}

function bundleFromZipRead(
  read: ZipReadResult,
  limits: BundleLimits,
  options: CheckOptions,
): SkillBundle {
  const checked =
    read.entries.length > 0 || read.problems.length === 0
      ? checkBundle(read.entries, limits, options)
      : null;
  const problems = [...read.problems, ...(checked && !checked.ok ? checked.problems : [])];
  if (problems.length > 0 || !checked?.ok) throw new BundleValidationError(problems);
  return checked.bundle;
}

/** A bundle from a base64-encoded zip (optionally a `data:` URL). */
export function bundleFromBase64Zip(
  base64: string,
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
  options: CheckOptions = {},
): SkillBundle {
  const payload = base64.replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload) || payload.length % 4 === 1) {
    throw new BundleValidationError([bundleError("(zip)", "zip.base64", "is not valid base64")]);
  }
  return bundleFromZip(decodeBase64(payload), limits, options);
}
