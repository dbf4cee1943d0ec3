import { z } from "../zod.ts";

/** Where a deployment's Python packages are and which ones its memory snapshot holds. */
export const pythonPackagesConfigSchema = z.strictObject({
  /**
   * The package folder (a lock file and wheels; docs/python-packages.md), absolute or relative
   * to the page. Without it Python has the standard library only.
   */
  packagesUrl: z.string().min(1).optional(),
  /**
   * Packages imported once into Python's memory snapshot, so runs that use them skip installing
   * and importing them; each must be in the set.
   */
  preload: z.array(z.string().min(1)).default([]),
});

export type PythonPackagesConfig = z.input<typeof pythonPackagesConfigSchema>;
