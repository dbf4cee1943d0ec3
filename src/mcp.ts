/**
 * `skillbox/mcp`: skills from MCP servers (the Skills extension, SEP-2640), listed, installed with
 * every file checked against its digest, and checked for updates. An entry of its own, because it
 * carries the MCP client: a page imports it (or loads it with `import()`) only where it is used.
 * Pass what `mcpSkillSource` returns to `importSkill`.
 */
export {
  listMcpSkills,
  McpImportError,
  type McpImportOptions,
  type McpSkillListing,
  mcpSkillChanged,
  mcpSkillSource,
} from "./library/mcpImport";
