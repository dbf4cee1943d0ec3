/** `skillbox/mcp`, loaded when an MCP server is first used: most visits never carry its client. */
export const loadMcp = () => import("../src/mcp");
