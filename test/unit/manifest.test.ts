import { describe, expect, test } from "vitest";
import {
  BundleValidationError,
  bundleFromMap,
  checkBundle,
  entriesFromMap,
  formatProblem,
} from "../../src/skills";
import { parseSkillFile } from "../../src/skills/manifest";
import { minimalSkill, skillMd } from "../helpers/skillFixtures";

/** Every problem, errors and warnings, whether or not the bundle installs. */
function problemsOf(files: Record<string, string | Uint8Array>) {
  const result = checkBundle(entriesFromMap(files));
  return result.ok ? result.bundle.warnings : result.problems;
}

function installs(files: Record<string, string | Uint8Array>, strict = false) {
  return checkBundle(entriesFromMap(files), undefined, { strict }).ok;
}

function withSkillMd(front: string, folder = "my-skill") {
  return { [`${folder}/SKILL.md`]: `---\n${front}\n---\nBody\n` };
}

describe("SKILL.md front matter (CONTRACT §1)", () => {
  test("a minimal valid skill parses, body without front matter", () => {
    const result = parseSkillFile(skillMd("csv-insights", "Summarize CSV files."), "x/SKILL.md");
    expect(result.problems).toEqual([]);
    expect(result.value?.manifest).toEqual({
      name: "csv-insights",
      description: "Summarize CSV files.",
    });
    expect(result.value?.body).toBe("# csv-insights\n\nRun scripts/main.py.\n");
  });

  test("missing front matter is an error", () => {
    expect(problemsOf({ "a/SKILL.md": "# no front matter" })).toEqual([
      {
        level: "error",
        file: "a/SKILL.md",
        rule: "front-matter.missing",
        message: expect.stringContaining("front matter"),
      },
    ]);
  });

  test("invalid YAML is an error with its SKILL.md line and column", () => {
    const problems = problemsOf(withSkillMd("name: my-skill\ndescription: 'unclosed\nlicense: x"));
    expect(problems[0]).toMatchObject({
      level: "error",
      file: "my-skill/SKILL.md",
      field: "front matter",
      rule: "front-matter.yaml",
      line: 4,
    });
    expect(problems[0]?.message).toMatch(/^invalid YAML at line 4, column \d+: /);
    expect(formatProblem(problems[0]!)).toMatch(/^my-skill\/SKILL.md:4:\d+ \(front matter\)/);
  });

  test("a repeated key is an error at its own line, in mappings at any depth", () => {
    const problems = problemsOf(
      withSkillMd("name: my-skill\ndescription: d\nmetadata:\n  a: x\n  b: y\n  a: z\nname: again"),
    );
    expect(problems.map((problem) => [problem.rule, problem.line, problem.message])).toEqual([
      ["front-matter.yaml", 7, "invalid YAML at line 7, column 3: Map keys must be unique"],
      ["front-matter.yaml", 8, "invalid YAML at line 8, column 1: Map keys must be unique"],
    ]);
  });

  test("a front matter over 64 KiB is refused before it is parsed; one just under parses at once", () => {
    const keys = (count: number) =>
      Array.from({ length: count }, (_, i) => `  k${i}: v`).join("\n");
    const huge = problemsOf(
      withSkillMd(`name: my-skill\ndescription: d\nmetadata:\n${keys(50_000)}`),
    );
    expect(huge).toEqual([
      expect.objectContaining({
        rule: "front-matter.size",
        message: expect.stringMatching(
          /^is \d+ bytes long; front matter may be at most 65536 bytes/,
        ),
      }),
    ]);
    // About as many keys as the cap lets through.
    const many = problemsOf(
      withSkillMd(`name: my-skill\ndescription: d\nmetadata:\n${keys(6_000)}`),
    );
    expect(many).toEqual([]);
  });

  test("a front matter of many YAML aliases is an error, never a throw", () => {
    let yaml = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
    let previous = "a";
    for (let i = 0; i < 8; i++) {
      yaml += `l${i}: &l${i} [${Array(10).fill(`*${previous}`).join(", ")}]\n`;
      previous = `l${i}`;
    }
    const problems = problemsOf(withSkillMd(`name: my-skill\ndescription: d\n${yaml}`));
    expect(problems).toEqual([
      expect.objectContaining({
        level: "error",
        rule: "front-matter.yaml",
        message: expect.stringMatching(/alias/),
      }),
    ]);
  });

  test.each([
    ["a", []],
    ["my-skill-2", []],
    ["x".repeat(64), []],
    ["x".repeat(65), ["name.length"]],
    ["My-Skill", ["name.characters"]],
    ["-lead", ["name.hyphen-edge"]],
    ["trail-", ["name.hyphen-edge"]],
    ["dou--ble", ["name.double-hyphen"]],
    ["under_score", ["name.characters"]],
  ])("name %j installs with warnings %j", (name, rules) => {
    const files = withSkillMd(`name: "${name}"\ndescription: d`, name);
    const problems = problemsOf(files);
    expect(problems.map((p) => p.rule)).toEqual(rules);
    expect(problems.every((p) => p.level === "warning" && p.value === name)).toBe(true);
    expect(installs(files)).toBe(true);
    expect(installs(files, true)).toBe(rules.length === 0);
  });

  test("the warnings say which name rule failed, with the actual count or characters", () => {
    const long = "x".repeat(70);
    expect(problemsOf(withSkillMd(`name: ${long}\ndescription: d`, long))[0]?.message).toBe(
      "is 70 characters long; at most 64 are allowed",
    );
    expect(
      problemsOf(withSkillMd("name: PDF_Tools\ndescription: d", "PDF_Tools"))[0]?.message,
    ).toBe(`may use only lowercase a-z, 0-9 and '-'; found "P", "D", "F", "_", "T"`);
  });

  test.each([
    ["a/b", /"\/"/],
    ["..", /relative folder/],
    ["tab\there", /"\\t"/],
    ['"  padded "', /white space/],
    ["a:b", /":"/],
  ])("a name unusable as a folder (%s) is an error", (name, why) => {
    const problems = problemsOf(withSkillMd(`name: ${name}\ndescription: d`));
    expect(problems).toEqual([
      expect.objectContaining({ level: "error", field: "name", rule: "name.folder" }),
    ]);
    expect(problems[0]?.message).toMatch(why);
  });

  test("name is required", () => {
    expect(problemsOf(withSkillMd("description: d"))).toContainEqual({
      level: "error",
      file: "my-skill/SKILL.md",
      field: "name",
      rule: "name.required",
      message: "is required",
    });
  });

  test("a name other than the folder's is a warning; the skill installs under its name", () => {
    const result = checkBundle(entriesFromMap(withSkillMd("name: other\ndescription: d")));
    expect(result.ok && result.bundle.name).toBe("other");
    expect(problemsOf(withSkillMd("name: other\ndescription: d"))).toEqual([
      {
        level: "warning",
        file: "my-skill/SKILL.md",
        field: "name",
        rule: "name.folder-match",
        value: "other",
        message: '"other" should equal the folder name "my-skill"; the skill installs as "other"',
      },
    ]);
  });

  test.each([
    ['""', "description.empty", "error"],
    ['"   "', "description.empty", "error"],
    ["|\n  \n", "description.empty", "error"],
    ["[a]", "description.type", "error"],
    [`"${"x".repeat(1025)}"`, "description.length", "warning"],
  ])("description %# (%s) is checked: %s", (value, rule, level) => {
    const problems = problemsOf(withSkillMd(`name: my-skill\ndescription: ${value}`));
    expect(problems).toEqual([expect.objectContaining({ field: "description", rule, level })]);
  });

  test("a long description's warning gives its length", () => {
    const problems = problemsOf(withSkillMd(`name: my-skill\ndescription: ${"x".repeat(1500)}`));
    expect(problems[0]?.message).toBe("is 1500 characters long; at most 1024 are allowed");
    expect(problems[0]?.value).toHaveLength(78);
  });

  test("description is required", () => {
    expect(problemsOf(withSkillMd("name: my-skill"))).toContainEqual({
      level: "error",
      file: "my-skill/SKILL.md",
      field: "description",
      rule: "description.required",
      message: "is required",
    });
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

  test("values are read as text: version 1.0 stays 1.0, true stays true", () => {
    const result = parseSkillFile(
      "---\nname: n\ndescription: 2.50\nlicense: true\nmetadata:\n  version: 1.0\n  count: 007\n---\n",
      "n/SKILL.md",
    );
    expect(result.value?.manifest).toEqual({
      name: "n",
      description: "2.50",
      license: "true",
      metadata: { version: "1.0", count: "007" },
    });
  });

  test.each([
    ["license: [a]", "license", "license.type"],
    ['compatibility: ""', "compatibility", "compatibility.length"],
    [`compatibility: "${"c".repeat(501)}"`, "compatibility", "compatibility.length"],
    ["metadata: [a, b]", "metadata", "metadata.type"],
    ["metadata:\n  tags: [a, b]", "metadata.tags", "metadata.value-type"],
    ["allowed-tools: [Read, Bash]", "allowed-tools", "allowed-tools.list"],
    ["allowed-tools: {a: b}", "allowed-tools", "allowed-tools.type"],
  ])("optional key %j is a warning", (line, field, rule) => {
    const files = withSkillMd(`name: my-skill\ndescription: d\n${line}`);
    expect(problemsOf(files)).toEqual([expect.objectContaining({ level: "warning", field, rule })]);
    expect(installs(files)).toBe(true);
  });

  test("allowed-tools as a YAML list is read as space-separated text", () => {
    const result = parseSkillFile(
      "---\nname: n\ndescription: d\nallowed-tools:\n  - Read\n  - Bash(python3:*)\n---\n",
      "n/SKILL.md",
    );
    expect(result.value?.manifest["allowed-tools"]).toBe("Read Bash(python3:*)");
  });

  test("unknown top-level keys are warnings, one each; a strict publish check refuses them", () => {
    const files = withSkillMd(
      "name: my-skill\ndescription: d\nversion: 1.0\ntriggers: [pdf]\ndisable-model-invocation: true",
    );
    const problems = problemsOf(files);
    expect(problems.map((p) => [p.level, p.field, p.rule])).toEqual([
      ["warning", "version", "front-matter.unknown-key"],
      ["warning", "triggers", "front-matter.unknown-key"],
      ["warning", "disable-model-invocation", "front-matter.unknown-key"],
    ]);
    expect(installs(files)).toBe(true);
    let error: unknown;
    try {
      bundleFromMap(files, undefined, { strict: true });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleValidationError);
    expect((error as BundleValidationError).problems.map((p) => p.level)).toEqual([
      "error",
      "error",
      "error",
    ]);
  });

  test("every problem is reported at once", () => {
    const problems = problemsOf({
      "Bad_Folder/SKILL.md": "---\nname: Bad_Name\nextra: 1\n---\n",
      "Bad_Folder/../escape.py": "x",
      "Bad_Folder/scripts/ok.py": "x",
    });
    expect(problems.map((p) => `${p.level}|${p.file}|${p.field ?? ""}|${p.rule}`).sort()).toEqual([
      "error|Bad_Folder/../escape.py||path.unsafe",
      "error|Bad_Folder/SKILL.md|description|description.required",
      "warning|Bad_Folder/SKILL.md|extra|front-matter.unknown-key",
      "warning|Bad_Folder/SKILL.md|name|name.characters",
      "warning|Bad_Folder/SKILL.md|name|name.folder-match",
    ]);
  });

  test("the thrown error lists every problem with file and field, warnings marked", () => {
    let error: unknown;
    try {
      bundleFromMap({ "a/SKILL.md": "---\nname: b\n---\n" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundleValidationError);
    const message = (error as Error).message;
    expect(message).toMatch(/^Invalid skill bundle \(1 error\):/);
    expect(message).toContain('warning: a/SKILL.md (name): "b" should equal the folder name "a"');
    expect(message).toContain("a/SKILL.md (description): is required");
  });

  test("a valid bundle keeps files keyed inside the folder", () => {
    const bundle = bundleFromMap(minimalSkill("hello-skill", { "data/x.json": "{}" }));
    expect(bundle.name).toBe("hello-skill");
    expect([...bundle.files.keys()].sort()).toEqual(["SKILL.md", "data/x.json", "scripts/main.py"]);
    expect(bundle.warnings).toEqual([]);
  });
});
