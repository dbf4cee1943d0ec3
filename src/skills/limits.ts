/** Bundle limits of CONTRACT §1. Embedders may tighten or relax them. */
export interface BundleLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxZipBytes: number;
  /**
   * Not in the contract: a cap on the sum of decompressed bytes, so that a zip of 500 files of
   * 25 MB each cannot take a tab to 12 GB. Generous enough for any real skill.
   */
  maxTotalBytes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = {
  maxFiles: 500,
  maxFileBytes: 25 * MB,
  maxZipBytes: 50 * MB,
  maxTotalBytes: 250 * MB,
};

/**
 * Why files a source lists (with the sizes it gives) cannot be imported, known before any is
 * downloaded, or undefined; `whole` names them together ("the folder").
 */
export function importLimitProblem(
  whole: string,
  files: readonly { name: string; size: number }[],
  limits: BundleLimits = DEFAULT_BUNDLE_LIMITS,
): string | undefined {
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (files.length > limits.maxFiles || total > limits.maxTotalBytes) {
    return `${whole} has ${files.length} files and ${total} bytes, past the import limits (${limits.maxFiles} files, ${limits.maxTotalBytes} bytes)`;
  }
  const tooBig = files.find((file) => file.size > limits.maxFileBytes);
  return tooBig
    ? `${tooBig.name} is ${tooBig.size} bytes, past the import limit of ${limits.maxFileBytes} per file`
    : undefined;
}
