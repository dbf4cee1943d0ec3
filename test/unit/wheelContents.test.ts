import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { strFromU8, strToU8, zipSync } from "fflate";
import { expect, test } from "vitest";
import { wheelContents } from "../../src/python/wheelContents";

const wheel = (files: Record<string, string>) =>
  zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, strToU8(text)])));
const hashOf = (data: Uint8Array) => bytesToHex(sha256(data));
const PURE = {
  "demo/__init__.py": "x = 1\n",
  "demo/__pycache__/__init__.cpython-314.pyc": "bytecode",
  "demo-1.0.dist-info/METADATA": "Name: demo\nVersion: 1.0\n",
};

test("a pure-Python wheel opens into the files site-packages gets", () => {
  const data = wheel(PURE);
  const contents = wheelContents("demo-1.0-py3-none-any.whl", data, hashOf(data));
  expect(contents.kind).toBe("files");
  if (contents.kind !== "files") return;
  expect(Object.keys(contents.files).sort()).toEqual(Object.keys(PURE).sort());
  expect(strFromU8(contents.files["demo/__init__.py"]!)).toBe("x = 1\n");
});

test("a wheel with shared libraries or a .data folder stays a wheel, for Pyodide's installer", () => {
  for (const extra of [
    "demo/_speedups.cpython-314-wasm32-emscripten.so",
    "demo-1.0.data/scripts/demo",
  ]) {
    const data = wheel({ ...PURE, [extra]: "x" });
    expect(wheelContents("demo.whl", data, hashOf(data))).toEqual({ kind: "wheel", data });
  }
});

test("bytes that are not the lock's are refused with both hashes; nothing else is read", () => {
  const data = wheel(PURE);
  const changed = data.slice();
  changed[40] = (changed[40] ?? 0) ^ 0xff;
  expect(() => wheelContents("demo-1.0-py3-none-any.whl", changed, hashOf(data))).toThrow(
    new RegExp(
      `^refused demo-1\\.0-py3-none-any\\.whl: its sha256 is ${hashOf(changed)}, but the package set's lock says ${hashOf(data)}$`,
    ),
  );
});

test("an entry outside site-packages, or a file that is not a zip, is named", () => {
  const escaping = wheel({ ...PURE, "../../etc/profile.py": "x" });
  expect(() => wheelContents("evil.whl", escaping, hashOf(escaping))).toThrow(
    /could not install evil\.whl: its entry "\.\.\/\.\.\/etc\/profile\.py" is outside site-packages/,
  );
  const text = strToU8("not a zip");
  expect(() => wheelContents("bad.whl", text, hashOf(text))).toThrow(
    /could not install bad\.whl: not a readable zip archive/,
  );
});
