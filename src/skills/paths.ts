/**
 * Path safety for bundle entries (CONTRACT §1). Returns the reason a path is unsafe, or null.
 * Paths must be relative, `/`-separated and free of anything that could point outside the skill.
 */
export function unsafePathReason(path: string): string | null {
  if (path.length === 0) return "empty path";
  if (path.includes("\0")) return "path contains a NUL character";
  if (path.includes("\\")) return "path uses a backslash; use / as the separator";
  if (path.startsWith("/")) return "absolute path";
  if (/^[a-zA-Z]:/.test(path)) return "path starts with a drive letter";
  if (path.endsWith("/")) return "path ends in '/'; a file path must name a file";
  const segments = path.split("/");
  if (segments.includes("..")) return "path contains '..'";
  if (segments.includes("")) return "empty path segment";
  if (segments.includes(".")) return "path contains a '.' segment";
  return null;
}

/** Splits `top/rest/of/path` into its first segment and the remainder. */
export function splitTopFolder(path: string): { top: string; rest: string } {
  const slash = path.indexOf("/");
  return slash < 0
    ? { top: "", rest: path }
    : { top: path.slice(0, slash), rest: path.slice(slash + 1) };
}
