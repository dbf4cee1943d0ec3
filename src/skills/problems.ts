/** One thing wrong with a bundle, naming the file and (where there is one) the field. */
export interface BundleProblem {
  file: string;
  field?: string;
  message: string;
}

export function formatProblem(problem: BundleProblem): string {
  const where = problem.field ? `${problem.file} (${problem.field})` : problem.file;
  return `${where}: ${problem.message}`;
}

/** Thrown when a bundle cannot be installed; `problems` holds every reason at once. */
export class BundleValidationError extends Error {
  readonly problems: readonly BundleProblem[];

  constructor(problems: readonly BundleProblem[]) {
    super(
      `Invalid skill bundle (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
        problems.map((p) => `- ${formatProblem(p)}`).join("\n"),
    );
    this.name = "BundleValidationError";
    this.problems = problems;
  }
}
