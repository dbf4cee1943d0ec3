import { parseDocument } from "yaml";
import { z } from "zod";
import type { BundleProblem } from "./problems";

const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const skillNameSchema = z
  .string()
  .min(1, "must not be empty")
  .max(64, "must be at most 64 characters")
  .regex(
    SKILL_NAME_PATTERN,
    "must use only a-z, 0-9 and '-', with no leading, trailing or doubled '-'",
  );

/** The front matter of SKILL.md (CONTRACT §1); unknown keys are errors. */
export const skillManifestSchema = z.strictObject({
  name: skillNameSchema,
  description: z.string().min(1, "must not be empty").max(1024, "must be at most 1024 characters"),
  license: z.string().optional(),
  compatibility: z
    .string()
    .min(1, "must not be empty")
    .max(500, "must be at most 500 characters")
    .optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  "allowed-tools": z.string().optional(),
});

export type SkillManifest = z.infer<typeof skillManifestSchema>;

export interface ParsedSkillFile {
  manifest: SkillManifest;
  /** The instructions: everything after the closing `---` of the front matter. */
  body: string;
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Splits SKILL.md into front matter text and body without validating either. */
export function splitFrontMatter(text: string): { yaml: string; body: string } | null {
  const match = FRONT_MATTER.exec(text);
  if (!match) return null;
  return { yaml: match[1] ?? "", body: text.slice(match[0].length) };
}

/**
 * Parses and validates SKILL.md. Returns the manifest and body, or every problem found;
 * `file` names the file in problems so callers can report the bundle path.
 */
export function parseSkillFile(
  text: string,
  file: string,
): { ok: true; value: ParsedSkillFile } | { ok: false; problems: BundleProblem[]; name?: string } {
  const parts = splitFrontMatter(text);
  if (!parts) {
    return {
      ok: false,
      problems: [{ file, message: "must start with YAML front matter between two '---' lines" }],
    };
  }
  const doc = parseDocument(parts.yaml, { uniqueKeys: true, prettyErrors: true });
  if (doc.errors.length > 0) {
    return {
      ok: false,
      problems: doc.errors.map((e) => ({
        file,
        field: "front matter",
        // The front matter starts on the file's second line.
        message: `invalid YAML${e.linePos ? ` at line ${e.linePos[0].line + 1}` : ""}: ${e.message.split("\n")[0]?.replace(/ at line \d+, column \d+:?$/, "")}`,
      })),
    };
  }
  let data: unknown;
  try {
    // Aliases are capped: a few nested ones can otherwise expand into a huge value.
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problems: [{ file, field: "front matter", message: `invalid YAML: ${reason}` }],
    };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return {
      ok: false,
      problems: [{ file, field: "front matter", message: "must be a YAML mapping of keys" }],
    };
  }
  const result = skillManifestSchema.safeParse(data, { reportInput: true });
  if (!result.success) {
    const name = "name" in data && typeof data.name === "string" ? data.name : undefined;
    return {
      ok: false,
      problems: result.error.issues.flatMap((issue) => issueToProblems(issue, file)),
      ...(name === undefined ? {} : { name }),
    };
  }
  return { ok: true, value: { manifest: result.data, body: parts.body } };
}

function issueToProblems(issue: z.core.$ZodIssue, file: string): BundleProblem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      file,
      field: [...issue.path.map(String), key].join("."),
      message:
        "unknown front matter key; allowed: name, description, license, compatibility, metadata, allowed-tools",
    }));
  }
  const field = issue.path.map(String).join(".") || "front matter";
  const message =
    issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
  return [{ file, field, message }];
}
