import type { McpOrigin, SkillOrigin } from "../skills/storage";

/**
 * What the library needs of MCP-served skills without the MCP client: the import's error and the
 * rule on names. Kept apart from ./mcpImport.ts so the library's core does not load the SDK.
 */

/** Why a server or one of its skills cannot be listed or installed; says what went wrong where. */
export class McpImportError extends Error {
  override readonly name = "McpImportError";
}

function originText(origin: SkillOrigin | undefined): string {
  if (!origin) return "a folder, a zip, a paste or the bundled demos";
  return origin.kind === "mcp" ? `${origin.uri} on ${origin.server}` : origin.url;
}

/**
 * Why a skill served by an MCP server may not become a version of the installed skill of the
 * same name, or undefined: a server's skill never silently takes the place of one from anywhere
 * else (the extension's rule against impersonation by name), so it may only update a skill that
 * came from the same server and URI.
 */
export function mcpNameConflict(
  name: string,
  incoming: McpOrigin,
  installed: { origin?: SkillOrigin } | undefined,
): string | undefined {
  if (!installed) return undefined;
  const from = installed.origin;
  if (from?.kind === "mcp" && from.server === incoming.server && from.uri === incoming.uri) {
    return undefined;
  }
  return `a skill named "${name}" is already installed, from ${originText(from)}; ${incoming.uri} from ${incoming.server} is not installed over it. Delete the installed one first to use this one.`;
}
