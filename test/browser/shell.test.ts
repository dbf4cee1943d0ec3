import { defineDifferentialSuite } from "./differential";
import { KNOWN_SHELL_DIFFERENCES } from "./shellKnownDifferences";

defineDifferentialSuite({
  corpus: "sh-corpus",
  title: "shell scripts agree with dash/bash on stdout and exit code",
  program: (testCase) => (testCase.shell === "bash" ? "bash" : "sh"),
  compared: (result, native) => ({
    ours: { stdout: result.stdout, exitCode: result.exit_code },
    theirs: { stdout: native.stdout, exitCode: native.exitCode },
  }),
  knownDifferences: KNOWN_SHELL_DIFFERENCES,
});
