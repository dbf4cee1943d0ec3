import { describe, expect, test } from "vitest";
import { type BundleEntry, checkBundle, entriesFromMap } from "../../src/skills";
import { DEFAULT_BUNDLE_LIMITS } from "../../src/skills/limits";
import { withoutRule } from "../helpers/problems";
import { minimalSkill } from "../helpers/skillFixtures";

const problemsOf = (entries: BundleEntry[], limits = DEFAULT_BUNDLE_LIMITS) => {
  const result = checkBundle(entries, limits);
  return result.ok ? [] : result.problems.map(withoutRule);
};
const fromMap = (files: Record<string, string | Uint8Array>) => problemsOf(entriesFromMap(files));

describe("bundle structure and limits (CONTRACT §1)", () => {
  test("exactly one SKILL.md: missing is an error", () => {
    expect(fromMap({ "a/readme.md": "x" })).toEqual([
      { file: "a/SKILL.md", message: expect.stringMatching(/missing/) },
    ]);
  });

  test("SKILL.md is matched case-insensitively", () => {
    const files = minimalSkill("a");
    const lower = { "a/skill.md": files["a/SKILL.md"]!, "a/scripts/main.py": "x" };
    expect(fromMap(lower)).toEqual([]);
  });

  test("two SKILL.md files (different case) are an error", () => {
    const files = { ...minimalSkill("a"), "a/Skill.md": "x" };
    expect(fromMap(files)).toContainEqual({
      file: "a/SKILL.md",
      message: expect.stringMatching(/exists 2 times/),
    });
  });

  test("paths that differ only in letter case are refused: they collide on macOS and Windows", () => {
    const files = { ...minimalSkill("a"), "a/scripts/A.py": "x", "a/scripts/a.py": "y" };
    expect(fromMap(files)).toEqual([
      {
        file: "a/scripts/a.py",
        message: expect.stringMatching(/differs from a\/scripts\/A.py only in letter case/),
      },
    ]);
  });

  test("a path ending in / is refused", () => {
    expect(fromMap({ ...minimalSkill("a"), "a/scripts/": "" })).toEqual([
      { file: "a/scripts/", message: "path ends in '/'; a file path must name a file" },
    ]);
  });

  test("SKILL.md in a subfolder does not count", () => {
    expect(fromMap({ "a/docs/SKILL.md": "x" })[0]?.message).toMatch(/missing/);
  });

  test("single top-level folder: two folders are an error", () => {
    const files = { ...minimalSkill("a"), "b/x.txt": "x" };
    expect(fromMap(files)).toContainEqual({
      file: "(bundle)",
      message: "has 2 top-level folders (a, b); exactly one is allowed",
    });
  });

  test("single top-level folder: a loose file is an error", () => {
    const files = { ...minimalSkill("a"), "loose.txt": "x" };
    expect(fromMap(files)).toEqual([
      { file: "loose.txt", message: expect.stringMatching(/single top-level folder/) },
    ]);
  });

  test("500 files pass, 501 fail", () => {
    const files = (count: number) => {
      const map = minimalSkill("a");
      for (let i = Object.keys(map).length; i < count; i++) map[`a/data/f${i}.txt`] = "x";
      return map;
    };
    expect(fromMap(files(500))).toEqual([]);
    expect(fromMap(files(501))).toEqual([
      { file: "(bundle)", message: "has 501 files; at most 500 are allowed" },
    ]);
  });

  test("file size limit: at the limit passes, one byte over fails", () => {
    const limits = { ...DEFAULT_BUNDLE_LIMITS, maxFileBytes: 100 };
    const base = entriesFromMap(minimalSkill("a"));
    expect(problemsOf([...base, { path: "a/big.bin", data: new Uint8Array(100) }], limits)).toEqual(
      [],
    );
    expect(problemsOf([...base, { path: "a/big.bin", data: new Uint8Array(101) }], limits)).toEqual(
      [{ file: "a/big.bin", message: "is 101 bytes; each file may be at most 100 bytes" }],
    );
  });

  test("the real 25 MB limit applies to each file", () => {
    const base = entriesFromMap(minimalSkill("a"));
    const big = { path: "a/big.bin", data: new Uint8Array(25 * 1024 * 1024 + 1) };
    expect(problemsOf([...base, big])[0]?.message).toMatch(/at most 26214400 bytes/);
  });

  test.each([
    ["a/../etc/passwd", "path contains '..'"],
    ["/a/abs.txt", "absolute path"],
    ["C:/a/x.txt", "path starts with a drive letter"],
    ["a/x\0.txt", "path contains a NUL character"],
    ["a\\x.txt", "path uses a backslash; use / as the separator"],
    ["a//x.txt", "empty path segment"],
    ["a/./x.txt", "path contains a '.' segment"],
  ])("unsafe path %j is refused", (path, message) => {
    const files = { ...minimalSkill("a"), [path]: "x" };
    expect(fromMap(files)).toContainEqual({ file: path, message });
  });

  test("safe nested paths pass", () => {
    expect(fromMap(minimalSkill("a", { "data/deep/er/x.json": "{}", "assets/t.md": "t" }))).toEqual(
      [],
    );
  });

  test("symlink entries are refused", () => {
    const entries = [
      ...entriesFromMap(minimalSkill("a")),
      { path: "a/link", data: new Uint8Array(0), symlink: true },
    ];
    expect(problemsOf(entries)).toEqual([
      { file: "a/link", message: "symbolic links are not allowed" },
    ]);
  });

  test("SKILL.md that is not UTF-8 is refused", () => {
    expect(fromMap({ "a/SKILL.md": new Uint8Array([0xff, 0xfe, 0x00]) })).toEqual([
      { file: "a/SKILL.md", message: "is not valid UTF-8 text" },
    ]);
  });

  test("an empty bundle is refused", () => {
    expect(fromMap({})).toEqual([{ file: "(bundle)", message: "contains no files" }]);
  });
});
