/** The one table of tool runners: how each tool kind becomes a runnable tool. */
import type { ToolDefinition, ToolKind, ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import { agentTool } from "./agent.js";
import { builtinTool } from "./builtin.js";
import { httpTool } from "./http.js";
import { javascriptTool } from "./javascript.js";
import { mcpTool } from "./mcp.js";
import { mockTool } from "./mock.js";
import type { ToolServices } from "./services.js";

/** Turns a catalog definition of one kind into a runnable tool, or throws an EngineError saying why it cannot run. */
export type ToolRunner<K extends ToolKind> = (definition: ToolOfKind<K>, services: ToolServices) => RunnableTool;

/** Every tool kind's runner; the type makes the compiler refuse a kind without one. */
export const toolRunners: { readonly [K in ToolKind]: ToolRunner<K> } = {
  builtin: builtinTool,
  mock: mockTool,
  http: httpTool,
  mcp: mcpTool,
  javascript: javascriptTool,
  agent: agentTool,
};

/**
 * The runnable tool for any catalog definition, by its kind's runner.
 *
 * @example
 * runnableTool({ id: "e", name: "echo", kind: "builtin", config: { builtin: "echo" }, … }).invoke({ text: "hi" }, context)
 */
export function runnableTool(definition: ToolDefinition, services: ToolServices = {}): RunnableTool {
  // The runner for definition.kind takes exactly that kind, which TypeScript cannot follow through an index by a union.
  const runner = toolRunners[definition.kind] as ToolRunner<ToolKind>;
  return runner(definition, services);
}
