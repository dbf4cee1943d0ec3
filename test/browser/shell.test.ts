import { defineDifferentialSuite } from "./differential";
import { KNOWN_SHELL_DIFFERENCES } from "./shellKnownDifferences";
import { SHELL_CORPUS_SUITE } from "./shellSuite";

defineDifferentialSuite({
  ...SHELL_CORPUS_SUITE,
  title: "on the built-in engine, shell scripts agree with dash/bash on stdout and exit code",
  knownDifferences: KNOWN_SHELL_DIFFERENCES,
  deploymentConfig: { shell: { engine: "builtin" } },
});
