/** bash for a script whose `#!` line names bash, sh (as on Debian, dash) for any other. */
export function shellFor(request: {
  files: Record<string, Uint8Array>;
  scriptPath: string;
}): "sh" | "bash" {
  const head = new TextDecoder().decode(request.files[request.scriptPath]?.subarray(0, 128));
  return /^#![^\n]*\bbash\b/.test(head) ? "bash" : "sh";
}
