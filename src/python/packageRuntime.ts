import {
  describeError,
  type OutputListener,
  type PythonPackageFile,
  type RawRunOutcome,
  type RunRequest,
  type Runtime,
} from "../sandbox/runtime";
import { packagesNotLoadedMessage } from "./messages";
import { planPackages } from "./packagePlan";
import type { PythonPackageSet } from "./packageSet";

/** A run that did not start: a package it needs could not be loaded. */
function refusedOutcome(stderr: string): RawRunOutcome {
  return {
    exitCode: 1,
    stdout: "",
    stdoutTotalChars: 0,
    stderr,
    stderrTotalChars: stderr.length,
    timedOut: false,
    files: [],
    notes: [],
  };
}

/**
 * Gives each Python run (and each shell or Node run of a skill with Python files: either may start
 * `python3`) the packages it needs from the deployment's package set, around any other
 * {@link Runtime}. A declared requirement the set cannot meet is a note, not a refusal:
 * declarations overstate what a run needs (an optional import, a skill-wide `requirements.txt`),
 * so the script runs, and an import that then fails gets the worker's one-line hint naming what
 * the set has.
 */
export class PythonPackagesRuntime implements Runtime {
  constructor(
    private readonly inner: Runtime,
    private readonly packageSet: () => Promise<PythonPackageSet>,
  ) {}

  async run(
    request: RunRequest,
    signal?: AbortSignal,
    onOutput?: OutputListener,
  ): Promise<RawRunOutcome> {
    const hasPython = Object.keys(request.files).some((path) => path.endsWith(".py"));
    if (request.language !== "python" && !hasPython) {
      return this.inner.run(request, signal, onOutput);
    }
    const set = await this.packageSet();
    const plan = planPackages(
      set.lock,
      new Map(Object.entries(request.files)),
      request.scriptPath,
      set.environment,
    );
    // A shell or Node run may call no Python at all: only a Python run hears what its
    // declarations lack.
    const unsatisfied = request.language === "python" ? plan.unsatisfied : [];
    const notes = [
      ...unsatisfied.map(
        (line) => `Python packages: ${line} (declared; the script runs without it)`,
      ),
      ...plan.problems.map((problem) => `Python packages: ${problem}`),
    ];
    if (set.problem) notes.push(`Python packages: ${set.problem}`);
    const packages: PythonPackageFile[] = [];
    const missing: string[] = [];
    // Fetched together (each wheel fetched, checked and opened once per visit), handed over in
    // the plan's order.
    const fetched = await Promise.allSettled(plan.packages.map(({ entry }) => set.contents(entry)));
    plan.packages.forEach(({ entry, required }, index) => {
      const wheel = fetched[index]!;
      if (wheel.status === "fulfilled") {
        packages.push({
          name: entry.name,
          version: entry.version,
          fileName: entry.file_name,
          sha256: entry.sha256,
          contents: wheel.value,
          required,
        });
      } else if (required && request.language === "python") {
        missing.push(describeError(wheel.reason));
      } else {
        notes.push(`Python package ${describeError(wheel.reason)}`);
      }
    });
    if (missing.length > 0) {
      return refusedOutcome(packagesNotLoadedMessage(missing));
    }
    const outcome = await this.inner.run(
      {
        ...request,
        python: { packages, setModules: set.modules(), setDescription: set.description() },
      },
      signal,
      onOutput,
    );
    return { ...outcome, notes: [...notes, ...outcome.notes] };
  }
}
