import { z } from "../zod.ts";

/**
 * One package of a lock file in Pyodide's format (`pyodide-lock.json`): the wheel, its hash,
 * the packages it needs and the top-level modules it provides. Fields Pyodide adds that Skillbox
 * does not read are kept as they are.
 */
export const lockPackageSchema = z.looseObject({
  name: z.string().min(1),
  version: z.string().min(1),
  file_name: z
    .string()
    .min(1)
    .refine((name) => !name.includes("/") && !name.includes("\\") && !name.startsWith("."), {
      message: "must be a file name in the package folder, without a path",
    }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits"),
  imports: z.array(z.string()).default([]),
  depends: z.array(z.string()).default([]),
  install_dir: z.string().default("site"),
  package_type: z.string().default("package"),
});

export type LockPackage = z.infer<typeof lockPackageSchema>;

export const packageLockSchema = z.looseObject({
  info: z.looseObject({}).default({}),
  packages: z.record(z.string(), lockPackageSchema),
});

export type PackageLock = z.infer<typeof packageLockSchema>;

/** A deployment's lock file, beside its wheels (docs/python-packages.md). */
export const PACKAGE_LOCK_FILE = "pyodide-lock.json";

/** PEP 503's normal form, in which `PyYAML`, `pyyaml` and `py_yaml` are one project. */
export function normalizePackageName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

/** A lock file from its text; the error names the file and each problem. */
export function parsePackageLock(text: string, fileName: string): PackageLock {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = packageLockSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new Error(`${fileName} is not a package lock: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/** The lock's packages by normalized name (lock keys are names, but not always normalized). */
export function packagesByName(lock: PackageLock): Map<string, LockPackage> {
  return new Map(
    Object.values(lock.packages).map((entry) => [normalizePackageName(entry.name), entry]),
  );
}
