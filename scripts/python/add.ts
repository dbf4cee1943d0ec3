/**
 * `npm run python:add -- [--out DIR] [--index URL] [--pyodide-url URL] SPEC...`: adds Python
 * packages to a deployment's package set (docs/python-packages.md). SPEC is `NAME[==VERSION]`
 * (any PEP 508 requirement), a wheel file, or a folder of wheels.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parsePackageLock } from "../../src/python/packageLock.ts";
import { addPackages } from "./addPackages.ts";

const root = join(import.meta.dirname, "../..");
const pyodideDir = join(root, "node_modules/pyodide");
const pyodideVersion = JSON.parse(readFileSync(join(pyodideDir, "package.json"), "utf8")).version;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: "string", default: join(root, "public/python-packages") },
    index: { type: "string", default: "https://pypi.org/" },
    "pyodide-url": {
      type: "string",
      default: `https://cdn.jsdelivr.net/pyodide/v${pyodideVersion}/full/`,
    },
  },
});

if (positionals.length === 0) {
  console.error(
    "usage: npm run python:add -- [--out DIR] [--index URL] [--pyodide-url URL] NAME[==VERSION]|WHEEL|FOLDER...",
  );
  process.exit(2);
}

try {
  const lock = await addPackages({
    specs: positionals,
    out: values.out,
    pypiUrl: values.index,
    pyodideUrl: values["pyodide-url"],
    pyodideLock: parsePackageLock(
      readFileSync(join(pyodideDir, "pyodide-lock.json"), "utf8"),
      "pyodide-lock.json",
    ),
    log: (line) => console.log(`  ${line}`),
  });
  console.log(`${values.out}: ${Object.keys(lock.packages).length} packages`);
} catch (error) {
  console.error(`python:add: ${(error as Error).message}`);
  process.exit(1);
}
