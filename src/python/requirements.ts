import { compare, satisfies, valid } from "@renovatebot/pep440";
import { parse as parseToml } from "smol-toml";
import { normalizePackageName } from "./packageLock";

/** A PEP 508 requirement, as a script or `requirements.txt` declares it. */
export interface Requirement {
  /** As written, for messages. */
  text: string;
  /** Normalized (PEP 503). */
  name: string;
  /** Version specifier, e.g. `>=6.0,<7`; empty for any version. */
  specifier: string;
  /** Environment marker, e.g. `python_version < "3.10"`; empty when none. */
  marker: string;
}

/** The values environment markers are evaluated against (PEP 508). */
export type MarkerEnvironment = Readonly<Record<string, string>>;

/** Pyodide's environment, for the Python version the lock file names. */
export function pyodideMarkerEnvironment(pythonVersion: string): MarkerEnvironment {
  return {
    python_version: pythonVersion.split(".").slice(0, 2).join("."),
    python_full_version: pythonVersion,
    sys_platform: "emscripten",
    platform_system: "Emscripten",
    platform_machine: "wasm32",
    platform_release: "",
    platform_version: "",
    os_name: "posix",
    implementation_name: "cpython",
    implementation_version: pythonVersion,
    platform_python_implementation: "CPython",
    extra: "",
  };
}

const REQUIREMENT =
  /^([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(?:@\s*\S+)?\s*\(?\s*([^;()]*?)\s*\)?\s*(?:;\s*(.*))?$/;

/** One requirement; undefined for text that is not one (the caller reports it). */
export function parseRequirement(text: string): Requirement | undefined {
  const match = REQUIREMENT.exec(text.trim());
  if (!match) return undefined;
  const specifier = (match[2] ?? "").replace(/\s+/g, "");
  if (
    specifier &&
    !/^(?:(?:===?|!=|<=?|>=?|~=)[^,]+)(?:,(?:===?|!=|<=?|>=?|~=)[^,]+)*$/.test(specifier)
  )
    return undefined;
  return {
    text: text.trim(),
    name: normalizePackageName(match[1]!),
    specifier,
    marker: (match[3] ?? "").trim(),
  };
}

/** Whether `version` meets the requirement's specifier (any version when it has none). */
export function versionSatisfies(version: string, specifier: string): boolean {
  if (!specifier) return true;
  return valid(version) !== null && satisfies(version, specifier);
}

type Token = { kind: "word" | "string" | "op" | "paren"; value: string };

function markerTokens(marker: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s*(?:(\(|\))|('[^']*'|"[^"]*")|(===|==|!=|<=|>=|~=|<|>)|(not\s+in\b|[A-Za-z_.]+))/y;
  let index = 0;
  while (index < marker.length) {
    if (/^\s*$/.test(marker.slice(index))) break;
    pattern.lastIndex = index;
    const match = pattern.exec(marker);
    if (!match) throw new Error(`cannot read the marker at "${marker.slice(index)}"`);
    index = pattern.lastIndex;
    if (match[1]) tokens.push({ kind: "paren", value: match[1] });
    else if (match[2]) tokens.push({ kind: "string", value: match[2].slice(1, -1) });
    else if (match[3]) tokens.push({ kind: "op", value: match[3] });
    else {
      const word = match[4]!.replace(/\s+/g, " ");
      tokens.push({ kind: word === "in" || word === "not in" ? "op" : "word", value: word });
    }
  }
  return tokens;
}

function compareMarkerValues(left: string, op: string, right: string): boolean {
  if (op === "in") return right.includes(left);
  if (op === "not in") return !right.includes(left);
  if (valid(left) !== null && valid(right) !== null) {
    if (op === "~=") return satisfies(left, `~=${right}`);
    const order = compare(left, right);
    return (
      {
        "==": order === 0,
        "===": left === right,
        "!=": order !== 0,
        "<": order < 0,
        "<=": order <= 0,
        ">": order > 0,
        ">=": order >= 0,
      }[op] ?? false
    );
  }
  return { "==": left === right, "===": left === right, "!=": left !== right }[op] ?? false;
}

/**
 * Whether an environment marker holds (PEP 508: comparisons joined by `and`/`or`, with
 * parentheses). A marker that cannot be read is an error, so a typo is not silently false.
 */
export function markerHolds(marker: string, environment: MarkerEnvironment): boolean {
  if (!marker.trim()) return true;
  const tokens = markerTokens(marker);
  let at = 0;
  const value = (): string => {
    const token = tokens[at++];
    if (token?.kind === "string") return token.value;
    if (token?.kind === "word" && token.value in environment) return environment[token.value]!;
    throw new Error(`unknown marker value "${token?.value ?? "(end)"}" in "${marker}"`);
  };
  const comparison = (): boolean => {
    if (tokens[at]?.value === "(") {
      at++;
      const inner = disjunction();
      if (tokens[at++]?.value !== ")") throw new Error(`unbalanced parentheses in "${marker}"`);
      return inner;
    }
    const left = value();
    const op = tokens[at++];
    if (op?.kind !== "op") throw new Error(`expected a comparison in "${marker}"`);
    return compareMarkerValues(left, op.value, value());
  };
  const conjunction = (): boolean => {
    let result = comparison();
    while (tokens[at]?.value === "and") {
      at++;
      result = comparison() && result;
    }
    return result;
  };
  const disjunction = (): boolean => {
    let result = conjunction();
    while (tokens[at]?.value === "or") {
      at++;
      result = conjunction() || result;
    }
    return result;
  };
  const result = disjunction();
  if (at !== tokens.length) throw new Error(`unexpected "${tokens[at]!.value}" in "${marker}"`);
  return result;
}

/** What a script or requirements file declares, and the lines that are not requirements. */
export interface Declared {
  requirements: Requirement[];
  problems: string[];
}

const INLINE_METADATA = /^# \/\/\/ script\s*$([\s\S]*?)^# \/\/\/\s*$/m;

/** Whether a script has a PEP 723 `# /// script` block, even one declaring nothing. */
export function hasInlineScriptMetadata(source: string): boolean {
  return INLINE_METADATA.test(source);
}

/** PEP 723 inline script metadata: the `dependencies` of a `# /// script` block. */
export function inlineScriptRequirements(source: string, fileName: string): Declared {
  const block = INLINE_METADATA.exec(source);
  if (!block) return { requirements: [], problems: [] };
  const toml = block[1]!
    .split("\n")
    .map((line) => line.replace(/^#( |$)/, ""))
    .join("\n");
  let metadata: unknown;
  try {
    metadata = parseToml(toml);
  } catch (error) {
    return {
      requirements: [],
      problems: [
        `${fileName}: the "# /// script" block is not valid TOML: ${(error as Error).message.split("\n")[0]}`,
      ],
    };
  }
  const dependencies = (metadata as { dependencies?: unknown }).dependencies ?? [];
  if (!Array.isArray(dependencies) || dependencies.some((item) => typeof item !== "string")) {
    return {
      requirements: [],
      problems: [`${fileName}: "dependencies" must be a list of strings`],
    };
  }
  return fromLines(dependencies as string[], fileName);
}

/** A `requirements.txt`: one requirement per line; options, includes and URLs are skipped. */
export function requirementsFileRequirements(text: string, fileName: string): Declared {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/(^|\s)#.*$/, "").trim())
    .filter((line) => line && !line.startsWith("-") && !/^[a-z+]+:\/\//i.test(line));
  return fromLines(lines, fileName);
}

function fromLines(lines: readonly string[], fileName: string): Declared {
  const declared: Declared = { requirements: [], problems: [] };
  for (const line of lines) {
    const requirement = parseRequirement(line);
    if (requirement) declared.requirements.push(requirement);
    else declared.problems.push(`${fileName}: "${line}" is not a requirement`);
  }
  return declared;
}

/**
 * The top-level modules a Python source imports (`import a.b, c as d`, `from e.f import g`),
 * relative imports excluded. A line inside a string may add a name: that only makes a package
 * that the set has anyway load too.
 */
export function importedModules(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/^[ \t]*import[ \t]+([^#\n;]+)/gm)) {
    for (const part of match[1]!.split(",")) {
      const name = /^\s*([A-Za-z_]\w*)/.exec(part)?.[1];
      if (name) names.add(name);
    }
  }
  for (const match of source.matchAll(/^[ \t]*from[ \t]+([A-Za-z_]\w*)[\w.]*[ \t]+import\b/gm)) {
    names.add(match[1]!);
  }
  return names;
}
