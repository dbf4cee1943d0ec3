/**
 * How serious a problem is: an error refuses the install; a warning is stored with the version
 * and shown to the user, and the skill installs (CONTRACT §1). A strict publish check makes every
 * warning an error.
 */
export type ProblemLevel = "error" | "warning";

/** One thing wrong with a bundle, naming the file, the field and the rule it breaks. */
export interface BundleProblem {
  level: ProblemLevel;
  file: string;
  field?: string;
  /** A stable identifier of the rule broken, e.g. `name.characters` or `path.unsafe`. */
  rule: string;
  message: string;
  /** The offending value as text, shortened when long. */
  value?: string;
  /** Position in the file (1-based), for YAML errors. */
  line?: number;
  column?: number;
}

export function formatProblem(problem: BundleProblem): string {
  const position =
    problem.line === undefined
      ? ""
      : `:${problem.line}${problem.column === undefined ? "" : `:${problem.column}`}`;
  const where = `${problem.file}${position}${problem.field ? ` (${problem.field})` : ""}`;
  return `${problem.level === "warning" ? "warning: " : ""}${where}: ${problem.message}`;
}

/** An error problem; most bundle checks produce these. */
export function bundleError(
  file: string,
  rule: string,
  message: string,
  extra: Partial<Pick<BundleProblem, "field" | "value" | "line" | "column">> = {},
): BundleProblem {
  return { level: "error", file, rule, message, ...extra };
}

/** Thrown when a bundle cannot be installed; `problems` holds every reason at once. */
export class BundleValidationError extends Error {
  readonly problems: readonly BundleProblem[];

  constructor(problems: readonly BundleProblem[]) {
    const errors = problems.filter((p) => p.level === "error").length;
    super(
      `Invalid skill bundle (${errors} error${errors === 1 ? "" : "s"}):\n` +
        problems.map((p) => `- ${formatProblem(p)}`).join("\n"),
    );
    this.name = "BundleValidationError";
    this.problems = problems;
  }
}
