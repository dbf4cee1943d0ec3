import { defineDifferentialSuite } from "./differential";
import { KNOWN_WASIX_SHELL_DIFFERENCES } from "./shellKnownDifferences";

/** The shell corpus again, on the Wasmer engine's dash and toybox (scripts/build-wasix-shell.sh). */
defineDifferentialSuite({
  corpus: "sh-corpus",
  title: "on dash and toybox (Wasmer engine), shell scripts agree with dash/bash",
  program: (testCase) => (testCase.shell === "bash" ? "bash" : "sh"),
  compared: (result, native) => ({
    ours: { stdout: result.stdout, exitCode: result.exit_code },
    theirs: { stdout: native.stdout, exitCode: native.exitCode },
  }),
  knownDifferences: KNOWN_WASIX_SHELL_DIFFERENCES,
  deploymentConfig: { shell: { engine: "wasmer" } },
});
