import { describe, expect, test } from "vitest";
import {
  BundleValidationError,
  bundleFromMap,
  checkBundle,
  entriesFromMap,
} from "../../src/skills";
import { parseSkillFile } from "../../src/skills/manifest";
import { minimalSkill, skillMd } from "../helpers/skillFixtures";

function problemsOf(files: Record<string, string | Uint8Array>) {
  const result = checkBundle(entriesFromMap(files));
  return result.ok ? [] : result.problems;
}

function withSkillMd(front: string, folder = "my-skill") {
  return { [`${folder}/SKILL.md`]: `---\n${front}\n---\nBody\n` };
}

describe("SKILL.md front matter (CONTRACT §1)", () => {
  test("a minimal valid skill parses, body without front matter", () => {
    const result = parseSkillFile(skillMd("csv-insights", "Summarize CSV files."), "x/SKILL.md");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.manifest).toEqual({
      name: "csv-insights",
      description: "Summarize CSV files.",
    });
    expect(result.value.body).toBe("# csv-insights\n\nRun scripts/main.py.\n");
  });

  test("missing front matter is reported", () => {
    expect(problemsOf({ "a/SKILL.md": "# no front matter" })).toEqual([
      { file: "a/SKILL.md", message: expect.stringContaining("front matter") },
    ]);
  });

  test("invalid YAML is reported with its field", () => {
    const problems = problemsOf(withSkillMd("name: [unclosed\ndescription: x"));
    expect(problems[0]).toMatchObject({ file: "my-skill/SKILL.md", field: "front matter" });
    expect(problems[0]?.message).toMatch(/invalid YAML/);
  });

  test.each([
    ["a", true],
    ["my-skill-2", true],
    ["x".repeat(64), true],
    ["x".repeat(65), false],
    ["My-Skill", false],
    ["-lead", false],
    ["trail-", false],
    ["dou--ble", false],
    ["under_score", false],
    ["", false],
  ])("name %j valid=%s", (name, valid) => {
    const folder = name || "empty";
    const problems = problemsOf(withSkillMd(`name: "${name}"\ndescription: d`, folder));
    const nameProblems = problems.filter((p) => p.field === "name");
    expect(nameProblems.length === 0).toBe(valid);
  });

  test("name is required", () => {
    expect(problemsOf(withSkillMd("description: d"))).toContainEqual({
      file: "my-skill/SKILL.md",
      field: "name",
      message: "is required",
    });
  });

  test("name must equal the folder name", () => {
    expect(problemsOf(withSkillMd("name: other\ndescription: d"))).toEqual([
      {
        file: "my-skill/SKILL.md",
        field: "name",
        message: '"other" must equal the folder name "my-skill"',
      },
    ]);
  });

  test.each([
    ["d", true],
    ["x".repeat(1024), true],
    ["x".repeat(1025), false],
    ["", false],
  ])("description of %# valid=%s", (description, valid) => {
    const problems = problemsOf(withSkillMd(`name: my-skill\ndescription: "${description}"`));
    expect(problems.some((p) => p.field === "description")).toBe(!valid);
  });

  test("description is required and must be a string", () => {
    expect(problemsOf(withSkillMd("name: my-skill"))).toContainEqual({
      file: "my-skill/SKILL.md",
      field: "description",
      message: "is required",
    });
    expect(problemsOf(withSkillMd("name: my-skill\ndescription: [a]"))[0]?.field).toBe(
      "description",
    );
  });

  test("optional keys: valid values pass", () => {
    const front = [
      "name: my-skill",
      "description: d",
      "license: MIT",
      "compatibility: Python 3.11",
      "metadata:\n  author: team\n  version: '2'",
      "allowed-tools: Bash(python3:*)",
    ].join("\n");
    expect(problemsOf(withSkillMd(front))).toEqual([]);
  });

  test.each([
    ["license: 3", "license"],
    ['compatibility: ""', "compatibility"],
    [`compatibility: "${"c".repeat(501)}"`, "compatibility"],
    ["metadata: [a, b]", "metadata"],
    ["metadata:\n  count: 3", "metadata.count"],
    ["allowed-tools: [a]", "allowed-tools"],
  ])("optional key %j is checked", (line, field) => {
    const problems = problemsOf(withSkillMd(`name: my-skill\ndescription: d\n${line}`));
    expect(problems.map((p) => p.field)).toEqual([field]);
  });

  test("unknown top-level keys are errors, one problem each", () => {
    const problems = problemsOf(
      withSkillMd("name: my-skill\ndescription: d\nversion: 2\nauthor: me"),
    );
    expect(problems.map((p) => p.field).sort()).toEqual(["author", "version"]);
  });

  test("every problem is reported at once", () => {
    const problems = problemsOf({
      "Bad_Folder/SKILL.md": "---\nname: Bad_Name\nextra: 1\n---\n",
      "Bad_Folder/../escape.py": "x",
      "Bad_Folder/scripts/ok.py": "x",
    });
    expect(problems.map((p) => `${p.file}|${p.field ?? ""}`).sort()).toEqual([
      "Bad_Folder/../escape.py|",
      "Bad_Folder/SKILL.md|description",
      "Bad_Folder/SKILL.md|extra",
      "Bad_Folder/SKILL.md|name",
    ]);
  });

  test("the thrown error lists every problem with file and field", () => {
    let error: unknown;
    try {
      bundleFromMap({ "a/SKILL.md": "---\nname: b\n---\n" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleValidationError);
    const message = (error as Error).message;
    expect(message).toContain('a/SKILL.md (name): "b" must equal the folder name "a"');
    expect(message).toContain("a/SKILL.md (description): is required");
  });

  test("a valid bundle keeps files keyed inside the folder", () => {
    const bundle = bundleFromMap(minimalSkill("hello-skill", { "data/x.json": "{}" }));
    expect(bundle.name).toBe("hello-skill");
    expect([...bundle.files.keys()].sort()).toEqual(["SKILL.md", "data/x.json", "scripts/main.py"]);
  });
});
