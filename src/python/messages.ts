/** Stderr of a run stopped before its script because packages it needs could not be loaded. */
export function packagesNotLoadedMessage(problems: readonly string[]): string {
  return `skillbox: the script's Python packages could not be loaded:\n${problems.map((line) => `  ${line}\n`).join("")}`;
}
