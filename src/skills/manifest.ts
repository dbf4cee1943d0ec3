import { type Document, isScalar, LineCounter, parseDocument, visit } from "yaml";
import { type BundleProblem, bundleError, type ProblemLevel } from "./problems";

/** The front matter of SKILL.md as stored: text where the specification expects text. */
export interface SkillManifest {
  name: string;
  description: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  "allowed-tools"?: string;
}

export interface ParsedSkillFile {
  manifest: SkillManifest;
  /** The instructions: everything after the closing `---` of the front matter. */
  body: string;
}

/** What reading SKILL.md found: the manifest when nothing refuses it, and every problem. */
export interface SkillFileCheck {
  value?: ParsedSkillFile;
  problems: BundleProblem[];
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const KNOWN_KEYS = ["name", "description", "license", "compatibility", "metadata", "allowed-tools"];
/** Characters no folder name may hold on Linux, macOS or Windows. */
const UNUSABLE_IN_FOLDER = /[/\\:*?"<>|\p{Cc}]/u;
const MAX_FOLDER_NAME_BYTES = 255;
/**
 * The longest front matter read: 64 KiB, twenty times what the specification's fields can fill.
 * SKILL.md is parsed on the page's main thread; a 589 KB front matter froze it for 23 s.
 */
export const MAX_FRONT_MATTER_BYTES = 64 * 1024;

/** Splits SKILL.md into front matter text and body without validating either. */
export function splitFrontMatter(text: string): { yaml: string; body: string } | null {
  const match = FRONT_MATTER.exec(text);
  if (!match) return null;
  return { yaml: match[1] ?? "", body: text.slice(match[0].length) };
}

/** A value as JSON text; YAML anchors can make a value contain itself, which JSON cannot hold. */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Array.isArray(value) ? "[…]" : "{…}";
  }
}

/** The offending value as short text for a problem report. */
function shown(value: unknown): string {
  const text = typeof value === "string" ? value : jsonText(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

class ProblemList {
  readonly problems: BundleProblem[] = [];
  constructor(private readonly file: string) {}

  add(level: ProblemLevel, field: string, rule: string, message: string, value?: unknown): void {
    this.problems.push({
      level,
      file: this.file,
      field,
      rule,
      message,
      ...(value === undefined ? {} : { value: shown(value) }),
    });
  }

  get hasErrors(): boolean {
    return this.problems.some((p) => p.level === "error");
  }
}

/**
 * Reads SKILL.md and reports every problem at once, never throwing. Values are read with YAML's
 * failsafe schema, so `version: 1.0` is the text "1.0" and `true` is "true", as the specification
 * expects text. `folder` is the bundle's top-level folder, which the name should equal.
 */
export function parseSkillFile(text: string, file: string, folder?: string): SkillFileCheck {
  const parts = splitFrontMatter(text);
  if (!parts) {
    return {
      problems: [
        bundleError(
          file,
          "front-matter.missing",
          "must start with YAML front matter between two '---' lines",
        ),
      ],
    };
  }
  const bytes = utf8Length(parts.yaml);
  if (bytes > MAX_FRONT_MATTER_BYTES) {
    return {
      problems: [
        bundleError(
          file,
          "front-matter.size",
          `is ${bytes} bytes long; front matter may be at most ${MAX_FRONT_MATTER_BYTES} bytes (the instructions belong after it)`,
          { field: "front matter" },
        ),
      ],
    };
  }
  const lines = new LineCounter();
  // Keys are checked for repeats below in one pass: the library's own check compares every
  // pair of keys (50,000 keys took 23 s).
  const doc = parseDocument(parts.yaml, {
    uniqueKeys: false,
    prettyErrors: true,
    schema: "failsafe",
    lineCounter: lines,
  });
  const repeated = doc.errors.length === 0 ? repeatedKeys(doc, lines) : [];
  if (doc.errors.length > 0 || repeated.length > 0) {
    return {
      problems: [...doc.errors, ...repeated].map((e) => {
        // The front matter starts on the file's second line.
        const line = e.linePos ? e.linePos[0].line + 1 : undefined;
        const column = e.linePos?.[0].col;
        const reason = (e.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
        return bundleError(
          file,
          "front-matter.yaml",
          `invalid YAML${line === undefined ? "" : ` at line ${line}, column ${column}`}: ${reason}`,
          {
            field: "front matter",
            ...(line === undefined ? {} : { line }),
            ...(column === undefined ? {} : { column }),
          },
        );
      }),
    };
  }
  let data: unknown;
  try {
    // Aliases are capped: a few nested ones can otherwise expand into a huge value.
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      problems: [
        bundleError(file, "front-matter.yaml", `invalid YAML: ${reason}`, {
          field: "front matter",
        }),
      ],
    };
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return {
      problems: [
        bundleError(file, "front-matter.mapping", "must be a YAML mapping of keys", {
          field: "front matter",
          value: shown(data),
        }),
      ],
    };
  }
  const fields = data as Record<string, unknown>;
  const list = new ProblemList(file);
  const name = checkName(fields.name, folder, list);
  const description = checkDescription(fields.description, list);
  const optional = checkOptionalFields(fields, list);
  for (const key of Object.keys(fields)) {
    if (!KNOWN_KEYS.includes(key)) {
      list.add(
        "warning",
        key,
        "front-matter.unknown-key",
        `is not a key of the specification and is ignored; known keys: ${KNOWN_KEYS.join(", ")}`,
        key,
      );
    }
  }
  if (list.hasErrors || name === undefined || description === undefined) {
    return { problems: list.problems };
  }
  return {
    value: { manifest: { name, description, ...optional }, body: parts.body },
    problems: list.problems,
  };
}

/** A repeated key, reported as the YAML library reports its errors. */
interface RepeatedKey {
  message: string;
  linePos: [{ line: number; col: number }];
}

/** Every key that repeats one before it in the same mapping, in one pass over the document. */
function repeatedKeys(doc: Document, lines: LineCounter): RepeatedKey[] {
  const found: RepeatedKey[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const { key } of map.items) {
        const value = isScalar(key) ? key.value : String(key);
        if (seen.has(value)) {
          const offset = isScalar(key) ? (key.range?.[0] ?? 0) : 0;
          found.push({ message: "Map keys must be unique", linePos: [lines.linePos(offset)] });
        }
        seen.add(value);
      }
    },
  });
  return found.sort((a, b) => a.linePos[0].line - b.linePos[0].line);
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/** The specification's length rule for a text field: a warning that gives the actual length. */
function warnIfLonger(list: ProblemList, field: string, value: string, max: number): void {
  if (value.length > max) {
    list.add(
      "warning",
      field,
      `${field}.length`,
      `is ${value.length} characters long; at most ${max} are allowed`,
      value,
    );
  }
}

function checkName(value: unknown, folder: string | undefined, list: ProblemList) {
  if (value === undefined || value === null) {
    list.add("error", "name", "name.required", "is required");
    return undefined;
  }
  if (typeof value !== "string") {
    list.add("error", "name", "name.type", "must be text, not a list or mapping", value);
    return undefined;
  }
  if (value.trim() === "") {
    list.add("error", "name", "name.empty", "must not be empty", value);
    return undefined;
  }
  const folderProblem =
    value === "." || value === ".."
      ? `"${value}" names a relative folder`
      : UNUSABLE_IN_FOLDER.test(value)
        ? `contains ${[...new Set(value.match(new RegExp(UNUSABLE_IN_FOLDER, "gu")))]
            .map((c) => JSON.stringify(c))
            .join(", ")}, which no folder name may hold`
        : value !== value.trim()
          ? "starts or ends with white space"
          : utf8Length(value) > MAX_FOLDER_NAME_BYTES
            ? `is ${utf8Length(value)} bytes in UTF-8; a folder name may be at most ${MAX_FOLDER_NAME_BYTES}`
            : undefined;
  if (folderProblem) {
    list.add(
      "error",
      "name",
      "name.folder",
      `is unusable as a folder name: ${folderProblem}`,
      value,
    );
    return undefined;
  }
  warnIfLonger(list, "name", value, 64);
  const outside = [...new Set(value.match(/[^a-z0-9-]/g) ?? [])];
  if (outside.length > 0) {
    list.add(
      "warning",
      "name",
      "name.characters",
      `may use only lowercase a-z, 0-9 and '-'; found ${outside.map((c) => JSON.stringify(c)).join(", ")}`,
      value,
    );
  }
  if (value.startsWith("-") || value.endsWith("-")) {
    list.add("warning", "name", "name.hyphen-edge", "must not start or end with '-'", value);
  }
  if (value.includes("--")) {
    list.add("warning", "name", "name.double-hyphen", "must not contain '--'", value);
  }
  if (folder !== undefined && value !== folder) {
    list.add(
      "warning",
      "name",
      "name.folder-match",
      `"${value}" should equal the folder name "${folder}"; the skill installs as "${value}"`,
      value,
    );
  }
  return value;
}

function checkDescription(value: unknown, list: ProblemList) {
  if (value === undefined || value === null) {
    list.add("error", "description", "description.required", "is required");
    return undefined;
  }
  if (typeof value !== "string") {
    list.add(
      "error",
      "description",
      "description.type",
      "must be text, not a list or mapping",
      value,
    );
    return undefined;
  }
  if (value.trim() === "") {
    list.add(
      "error",
      "description",
      "description.empty",
      "must not be empty or only white space",
      value,
    );
    return undefined;
  }
  warnIfLonger(list, "description", value, 1024);
  return value;
}

function checkOptionalFields(
  fields: Record<string, unknown>,
  list: ProblemList,
): Omit<SkillManifest, "name" | "description"> {
  const result: Omit<SkillManifest, "name" | "description"> = {};
  const { license, compatibility, metadata } = fields;
  const allowedTools = fields["allowed-tools"];
  if (license !== undefined && license !== null) {
    if (typeof license === "string") result.license = license;
    else list.add("warning", "license", "license.type", "must be text; ignored", license);
  }
  if (compatibility !== undefined && compatibility !== null) {
    if (typeof compatibility !== "string") {
      list.add(
        "warning",
        "compatibility",
        "compatibility.type",
        "must be text; ignored",
        compatibility,
      );
    } else {
      result.compatibility = compatibility;
      if (compatibility.trim() === "" || compatibility.length > 500) {
        list.add(
          "warning",
          "compatibility",
          "compatibility.length",
          `is ${compatibility.length} characters long; it must be 1 to 500`,
          compatibility,
        );
      }
    }
  }
  if (metadata !== undefined && metadata !== null) {
    if (typeof metadata !== "object" || Array.isArray(metadata)) {
      list.add(
        "warning",
        "metadata",
        "metadata.type",
        "must be a mapping of text to text; ignored",
        metadata,
      );
    } else {
      result.metadata = {};
      for (const [key, item] of Object.entries(metadata)) {
        if (typeof item === "string") {
          result.metadata[key] = item;
        } else {
          result.metadata[key] = jsonText(item);
          list.add(
            "warning",
            `metadata.${key}`,
            "metadata.value-type",
            "must be text; kept as JSON text",
            item,
          );
        }
      }
    }
  }
  if (allowedTools !== undefined && allowedTools !== null) {
    if (typeof allowedTools === "string") {
      result["allowed-tools"] = allowedTools;
    } else if (Array.isArray(allowedTools) && allowedTools.every((t) => typeof t === "string")) {
      result["allowed-tools"] = allowedTools.join(" ");
      list.add(
        "warning",
        "allowed-tools",
        "allowed-tools.list",
        "is a YAML list; the specification writes it as one space-separated text; read as such",
        allowedTools,
      );
    } else {
      list.add(
        "warning",
        "allowed-tools",
        "allowed-tools.type",
        "must be space-separated text; ignored",
        allowedTools,
      );
    }
  }
  return result;
}
