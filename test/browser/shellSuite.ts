import type { DifferentialSuite } from "./differential";

/** The shell corpus compared with dash/bash on stdout and exit code, on whichever engine runs it. */
export const SHELL_CORPUS_SUITE = {
  corpus: "sh-corpus",
  program: (testCase) => (testCase.shell === "bash" ? "bash" : "sh"),
  compared: (result, native) => ({
    ours: { stdout: result.stdout, exitCode: result.exit_code },
    theirs: { stdout: native.stdout, exitCode: native.exitCode },
  }),
} satisfies Pick<DifferentialSuite, "corpus" | "program" | "compared">;
