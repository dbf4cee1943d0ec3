import { defineDifferentialSuite } from "./differential";

defineDifferentialSuite({
  corpus: "js-corpus",
  title: "JavaScript scripts agree with node on stdout, stderr and exit code",
  program: () => "node",
  compared(result, native, testCase) {
    // stderr is compared where the corpus marks it deterministic (no stack traces).
    const stderr = testCase.compareStderr !== false;
    return {
      ours: {
        stdout: result.stdout,
        exitCode: result.exit_code,
        stderr: stderr ? (result.stderr ?? "") : "",
      },
      theirs: {
        stdout: native.stdout,
        exitCode: native.exitCode,
        stderr: stderr && native.exitCode !== 0 ? native.stderr : "",
      },
    };
  },
});
