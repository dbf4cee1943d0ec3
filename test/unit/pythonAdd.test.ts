import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { loadPyodide } from "pyodide";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { addPackages } from "../../scripts/python/addPackages";
import { type BuiltWheel, debianWheels } from "../helpers/debianWheels";
import { pyodideInfoOnly } from "../helpers/testPackageSet";
import { startWheelIndex, type WheelIndex } from "../helpers/wheelIndex";

// Storing a wheel compiles it with Pyodide in Node, which takes seconds to start on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let wheels: BuiltWheel[];
let index: WheelIndex;
const fresh = () => mkdtempSync(join(tmpdir(), "skillbox-python-add-"));

beforeAll(async () => {
  wheels = debianWheels();
  index = await startWheelIndex(wheels, { tamper: ["defusedxml-0.7.1-py3-none-any.whl"] });
});
afterAll(() => index.close());

const options = (out: string, specs: string[]) => ({
  specs,
  out,
  pypiUrl: index.url,
  pyodideUrl: index.url,
  pyodideLock: pyodideInfoOnly(),
});

test("a requirement resolves with its dependencies from the index, hashes checked, markers applied", async () => {
  const out = fresh();
  const lock = await addPackages(options(out, ["openpyxl>=3", "pypdf"]));
  expect(Object.keys(lock.packages)).toEqual(["et-xmlfile", "openpyxl", "pypdf"]);
  const openpyxl = lock.packages.openpyxl!;
  expect(openpyxl).toMatchObject({
    version: "3.0.9",
    depends: ["et-xmlfile"],
    imports: ["openpyxl"],
  });
  expect(bytesToHex(sha256(readFileSync(join(out, openpyxl.file_name))))).toBe(openpyxl.sha256);
  // pypdf's typing_extensions (python_version < '3.10') and its extras were not fetched.
  expect(index.requests.some((path) => path.includes("typing"))).toBe(false);
  expect(JSON.parse(readFileSync(join(out, "pyodide-lock.json"), "utf8")).info.platform).toMatch(
    /emscripten/,
  );
});

test("adding to an existing set keeps what is there", async () => {
  const out = fresh();
  await addPackages(options(out, ["pyyaml"]));
  const lock = await addPackages(options(out, ["pypdf==3.4.1"]));
  expect(Object.keys(lock.packages)).toEqual(["pypdf", "pyyaml"]);
});

test("local wheel files and folders need no index at all (air-gapped)", async () => {
  const folder = fresh();
  for (const wheel of wheels) writeFileSync(join(folder, wheel.fileName), wheel.data);
  const out = fresh();
  const lock = await addPackages({ ...options(out, [folder]), pypiUrl: "http://127.0.0.1:9/" });
  expect(Object.keys(lock.packages)).toEqual([
    "defusedxml",
    "et-xmlfile",
    "openpyxl",
    "pypdf",
    "pyyaml",
  ]);
  expect(lock.packages.pyyaml!.imports).toEqual(["yaml"]);
});

test("a download whose hash does not match the index is refused, and nothing is written", async () => {
  const out = fresh();
  await expect(addPackages(options(out, ["pyyaml", "defusedxml"]))).rejects.toThrow(
    /defusedxml-0\.7\.1-py3-none-any\.whl: its sha256 does not match the index's/,
  );
  expect(readdirSync(out)).toEqual([]);
});

test("what cannot be resolved is named", async () => {
  const out = fresh();
  await expect(addPackages(options(out, ["numpy"]))).rejects.toThrow(
    /numpy: not on the index .* not among Pyodide's packages/,
  );
  await expect(addPackages(options(out, ["pyyaml>=7"]))).rejects.toThrow(
    /pyyaml>=7: the index has no pure-Python wheel of a matching version/,
  );
  await expect(addPackages(options(out, ["?!"]))).rejects.toThrow(/"\?!" is neither a requirement/);
  writeFileSync(join(out, "bad-1.0-py3-none-any.whl"), "not a zip");
  await expect(
    addPackages(options(fresh(), [join(out, "bad-1.0-py3-none-any.whl")])),
  ).rejects.toThrow(/bad-1\.0-py3-none-any\.whl: not a readable zip archive/);
});

test("stored wheels carry bytecode for the pinned Python, which imports use without the sources", async () => {
  const out = fresh();
  const lock = await addPackages(options(out, ["pyyaml"]));
  const entry = lock.packages.pyyaml!;
  const stored = new Uint8Array(readFileSync(join(out, entry.file_name)));
  expect(bytesToHex(sha256(stored))).toBe(entry.sha256);
  const files = unzipSync(stored);
  const sources = Object.keys(files).filter((path) => path.endsWith(".py"));
  const pycs = Object.keys(files).filter((path) => path.endsWith(".pyc"));
  expect(sources.length).toBeGreaterThan(10);
  expect(pycs).toHaveLength(sources.length);
  expect(pycs).toContain("yaml/__pycache__/__init__.cpython-314.pyc");
  // PEP 552 flags: hash-based (bit 0) and not checked against the source (bit 1 clear).
  expect(
    new DataView(files["yaml/__pycache__/__init__.cpython-314.pyc"]!.buffer).getUint32(4, true),
  ).toBe(1);
  const record = strFromU8(files[Object.keys(files).find((p) => p.endsWith("dist-info/RECORD"))!]!);
  for (const pyc of pycs) expect(record).toContain(`${pyc},sha256=`);

  // Adding the stored wheel again (an air-gapped copy) leaves it byte for byte as it was.
  const again = await addPackages({
    ...options(fresh(), [join(out, entry.file_name)]),
    pypiUrl: "http://127.0.0.1:9/",
  });
  expect(again.packages.pyyaml!.sha256).toBe(entry.sha256);

  // The import runs the bytecode: a source changed after compiling is never read.
  files["yaml/__init__.py"] = strToU8('raise SystemExit("the source ran")\n');
  const pyodide = await loadPyodide({
    indexURL: join(import.meta.dirname, "../../node_modules/pyodide/"),
  });
  pyodide.unpackArchive(zipSync(files), "wheel", { extractDir: "/site" });
  expect(
    pyodide.runPython("import sys; sys.path.insert(0, '/site'); import yaml; yaml.safe_dump([1])"),
  ).toBe("- 1\n");
});
