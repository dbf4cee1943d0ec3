/**
 * bash for a script whose `#!` line names bash (or for `bash -c`), sh (as on Debian, dash) for
 * any other.
 */
export function shellFor(request: {
  files: Record<string, Uint8Array>;
  scriptPath: string;
  inline?: { program: string };
}): "sh" | "bash" {
  if (request.inline) return /(^|\/)bash$/.test(request.inline.program) ? "bash" : "sh";
  const head = new TextDecoder().decode(request.files[request.scriptPath]?.subarray(0, 128));
  return /^#![^\n]*\bbash\b/.test(head) ? "bash" : "sh";
}

/** `path` made absolute against `cwd`, with `.` and `..` resolved. */
export function resolveFrom(cwd: string, path: string): string {
  const parts = (path.startsWith("/") ? path : `${cwd}/${path}`).split("/");
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === "..") resolved.pop();
    else if (part !== "" && part !== ".") resolved.push(part);
  }
  return `/${resolved.join("/")}`;
}
