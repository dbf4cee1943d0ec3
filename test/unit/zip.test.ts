import { deflateSync, strToU8, type Zippable, zipSync } from "fflate";
import { describe, expect, test } from "vitest";
import {
  BundleValidationError,
  bundleFromBase64Zip,
  bundleFromZip,
  readZip,
} from "../../src/skills";
import { DEFAULT_BUNDLE_LIMITS } from "../../src/skills/limits";
import { withoutRule } from "../helpers/problems";
import { minimalSkill } from "../helpers/skillFixtures";

function zipOf(files: Record<string, string | Uint8Array>): Uint8Array {
  const zippable: Zippable = {};
  for (const [path, contents] of Object.entries(files)) {
    zippable[path] = typeof contents === "string" ? strToU8(contents) : contents;
  }
  return zipSync(zippable);
}

function problemsOf(zip: Uint8Array, limits = DEFAULT_BUNDLE_LIMITS) {
  try {
    bundleFromZip(zip, limits);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(BundleValidationError);
    return (error as BundleValidationError).problems.map(withoutRule);
  }
}

describe("zip bundles", () => {
  test("a valid zip with one top-level folder installs", () => {
    const bundle = bundleFromZip(zipOf(minimalSkill("zipped", { "data/a.csv": "a,b\n1,2\n" })));
    expect(bundle.name).toBe("zipped");
    expect(new TextDecoder().decode(bundle.files.get("data/a.csv"))).toBe("a,b\n1,2\n");
  });

  test("directory entries are skipped", () => {
    const zip = zipSync({
      "d/": {},
      ...Object.fromEntries(
        Object.entries(minimalSkill("d")).map(([k, v]) => [k, strToU8(v as string)]),
      ),
    });
    expect([...bundleFromZip(zip).files.keys()].sort()).toEqual(["SKILL.md", "scripts/main.py"]);
  });

  // Compressing and inflating 100 MB takes about 1.5 s alone and several times that on a busy
  // machine: the limit is for a hang, not a speed claim.
  test("zip bomb: a tiny zip claiming little that inflates past 25 MB is refused with bounded memory", {
    timeout: 60_000,
  }, () => {
    const bomb = deflateSync(new Uint8Array(100 * 1024 * 1024), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(200_000);
    // Hand-built, so the headers can claim 1000 bytes while the data inflates to 100 MB.
    const handmade = buildZip([
      {
        name: "a/SKILL.md",
        data: deflateSync(strToU8(minimalSkill("a")["a/SKILL.md"] as string)),
        crc: 0,
      },
      { name: "a/bomb.bin", data: bomb, crc: 0 },
    ]);
    global.gc?.();
    const before = process.memoryUsage().arrayBuffers;
    const result = readZip(handmade);
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(result.problems.map(withoutRule)).toContainEqual({
      file: "a/bomb.bin",
      message: `inflates past ${25 * 1024 * 1024} bytes; each file may be at most ${25 * 1024 * 1024} bytes uncompressed`,
    });
    expect(result.entries.map((e) => e.path)).not.toContain("a/bomb.bin");
    // The bomb inflates to 100 MB; reading stops past 25 MB. Growing buffers and garbage not yet
    // collected (no forced GC here) put the growth between 25 and 50 MB (48.5 MB in one CI run).
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  test("zip slip entries are refused", () => {
    const zip = zipOf({ ...minimalSkill("a"), "a/../../evil.sh": "rm -rf /", "/abs/x": "x" });
    const problems = problemsOf(zip);
    expect(problems).toContainEqual({ file: "a/../../evil.sh", message: "path contains '..'" });
    expect(problems).toContainEqual({ file: "/abs/x", message: "absolute path" });
  });

  test("symlink entries (unix mode 0120000) are refused", () => {
    const link: Zippable = {
      "a/link": [strToU8("/etc/passwd"), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    };
    const files = Object.fromEntries(
      Object.entries(minimalSkill("a")).map(([k, v]) => [k, strToU8(v as string)]),
    );
    const zip = zipSync({ ...files, ...link });
    expect(problemsOf(zip)).toEqual([
      { file: "a/link", message: "symbolic links are not allowed" },
    ]);
  });

  test("501 files are refused before anything is inflated", () => {
    const files: Record<string, string> = { ...(minimalSkill("a") as Record<string, string>) };
    for (let i = 0; i < 499; i++) files[`a/f${i}.txt`] = "x";
    expect(problemsOf(zipOf(files))).toEqual([
      { file: "(zip)", message: "has 501 files; at most 500 are allowed" },
    ]);
  });

  test("two top-level folders and a wrong folder name are reported together", () => {
    const zip = zipOf({
      "wrong/SKILL.md": "---\nname: right\ndescription: d\n---\n",
      "other/x.txt": "x",
    });
    const problems = problemsOf(zip);
    expect(problems).toContainEqual({
      file: "(bundle)",
      message: "has 2 top-level folders (other, wrong); exactly one is allowed",
    });
  });

  test("a name other than the folder's installs under the name, with a warning", () => {
    const zip = zipOf({ "wrong/SKILL.md": "---\nname: right\ndescription: d\n---\n" });
    const bundle = bundleFromZip(zip);
    expect(bundle.name).toBe("right");
    expect(bundle.warnings).toEqual([
      expect.objectContaining({ level: "warning", field: "name", rule: "name.folder-match" }),
    ]);
    expect(() => bundleFromZip(zip, DEFAULT_BUNDLE_LIMITS, { strict: true })).toThrow(
      /wrong\/SKILL.md \(name\): "right" should equal the folder name "wrong"/,
    );
  });

  test("a zip made on macOS installs: __MACOSX/ and .DS_Store are skipped", () => {
    const zip = zipOf({
      ...minimalSkill("mac-skill"),
      "__MACOSX/mac-skill/._SKILL.md": "resource fork",
      "__MACOSX/._mac-skill": "resource fork",
      "mac-skill/.DS_Store": "finder",
      "mac-skill/scripts/.DS_Store": "finder",
    });
    const bundle = bundleFromZip(zip);
    expect([...bundle.files.keys()].sort()).toEqual(["SKILL.md", "scripts/main.py"]);
    expect(bundle.warnings).toEqual([]);
  });

  test("a zip over the size limit is refused without reading it", () => {
    const limits = { ...DEFAULT_BUNDLE_LIMITS, maxZipBytes: 100 };
    expect(problemsOf(zipOf(minimalSkill("a")), limits)[0]?.message).toMatch(
      /a zip may be at most 100 bytes/,
    );
  });

  test("not a zip / corrupt data / checksum mismatch", () => {
    expect(problemsOf(strToU8("hello"))[0]?.message).toMatch(/not a zip archive/);
    const zip = zipOf(minimalSkill("a"));
    const corrupted = zip.slice();
    corrupted[40] = (corrupted[40]! + 1) % 256;
    expect(problemsOf(corrupted).some((p) => /corrupt/.test(p.message))).toBe(true);
  });

  test("inline base64 zip (plain and data: URL)", () => {
    const zip = zipOf(minimalSkill("b64"));
    const base64 = Buffer.from(zip).toString("base64");
    expect(bundleFromBase64Zip(base64).name).toBe("b64");
    expect(bundleFromBase64Zip(`data:application/zip;base64,${base64}`).name).toBe("b64");
    expect(() => bundleFromBase64Zip("not base64!")).toThrow(/not valid base64/);
  });
});

/** A minimal zip writer for hand-made archives whose deflate data is supplied directly. */
function buildZip(entries: { name: string; data: Uint8Array; crc: number }[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = enc.encode(entry.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, entry.crc, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, 1000, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, entry.crc, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, 1000, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, eocd];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let p = 0;
  for (const part of parts) {
    out.set(part, p);
    p += part.length;
  }
  return out;
}
