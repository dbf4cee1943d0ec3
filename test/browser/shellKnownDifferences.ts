/**
 * Corpus cases where the built-in shell (just-bash) differs from dash/bash, keyed by
 * `SCRIPT ["args"]`, each with the reason. The README lists the same differences.
 */
export const KNOWN_SHELL_DIFFERENCES: Readonly<Record<string, string>> = {};
