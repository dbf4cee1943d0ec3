import { defineDifferentialSuite } from "./differential";
import { KNOWN_WASIX_SHELL_DIFFERENCES } from "./shellKnownDifferences";
import { SHELL_CORPUS_SUITE } from "./shellSuite";

/**
 * The shell corpus again, on the Wasmer engine's dash and toybox (scripts/build-wasix-shell.sh),
 * with the network off: the SDK, the package and the app all come from the service worker's cache.
 */
defineDifferentialSuite({
  ...SHELL_CORPUS_SUITE,
  title: "on dash and toybox (Wasmer engine, offline), shell scripts agree with dash/bash",
  knownDifferences: KNOWN_WASIX_SHELL_DIFFERENCES,
  deploymentConfig: { shell: { engine: "wasmer" } },
  offline: { status: { shellEngine: "wasmer" } },
});
