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
