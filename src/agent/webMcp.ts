import type { AgentToolbox } from "./toolbox";

/** A tool as the WebMCP draft registers it. */
export interface WebMcpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  execute(input: unknown): Promise<{ content: { type: "text"; text: string }[] }>;
}

/** The part of the draft's `modelContext` Skillbox uses. */
export interface ModelContext {
  registerTool(tool: WebMcpTool): unknown;
  unregisterTool?(name: string): unknown;
}

/** `document.modelContext`, or the older `navigator.modelContext`, where a browser has it. */
export function findModelContext(): ModelContext | undefined {
  const fromDocument = (globalThis.document as { modelContext?: ModelContext } | undefined)
    ?.modelContext;
  const fromNavigator = (globalThis.navigator as { modelContext?: ModelContext } | undefined)
    ?.modelContext;
  return fromDocument ?? fromNavigator;
}

/**
 * Registers both skill tools with the page's model context (WebMCP) and returns the function
 * that unregisters them. With no reachable skill, nothing is registered.
 */
export async function registerWebMcpTools(
  box: AgentToolbox,
  context: ModelContext | undefined = findModelContext(),
): Promise<() => void> {
  if (!context) return () => {};
  const registrations: { name: string; handle: unknown }[] = [];
  for (const definition of await box.definitions()) {
    const handle = context.registerTool({
      name: definition.name,
      description: definition.description,
      inputSchema: definition.parameters,
      execute: async (input) => ({
        content: [{ type: "text", text: JSON.stringify(await box.call(definition.name, input)) }],
      }),
    });
    registrations.push({ name: definition.name, handle });
  }
  return () => {
    for (const { name, handle } of registrations.splice(0)) {
      const unregister = (handle as { unregister?: () => unknown } | undefined)?.unregister;
      if (typeof unregister === "function") unregister.call(handle);
      else context.unregisterTool?.(name);
    }
  };
}
