import type { RawRunOutcome, RunRequest, Runtime } from "../../src/sandbox/runtime";
import type { OutputFileStore } from "../../src/tools/outputFiles";
import { outputFileUrlPath } from "../../src/tools/outputFiles";

/** A runtime for contract tests: records requests and answers with a scripted outcome. */
export class ScriptedRuntime implements Runtime {
  readonly requests: RunRequest[] = [];
  outcome: Partial<RawRunOutcome> = {};

  async run(request: RunRequest): Promise<RawRunOutcome> {
    this.requests.push(request);
    const stdout = this.outcome.stdout ?? "";
    const stderr = this.outcome.stderr ?? "";
    return {
      exitCode: 0,
      timedOut: false,
      files: [],
      notes: [],
      stdoutTotalChars: stdout.length,
      stderrTotalChars: stderr.length,
      ...this.outcome,
      stdout,
      stderr,
    };
  }
}

export const urlOnlyFileStore: OutputFileStore = {
  async save(runId, skillName, files) {
    return files.map((f) => outputFileUrlPath(runId, skillName, f.path));
  },
};
