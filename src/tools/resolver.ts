/** Turns catalog definitions into runnable tools, by kind. */
import type { ToolDefinition } from "../schema/index.js";
import { EngineError, type RunnableTool, type ToolResolver } from "../engine/index.js";
import { builtinTool } from "./builtin.js";
import { mockTool } from "./mock.js";

/**
 * The tool resolver for Node and the browser.
 * @example compileGraph(doc, { models, tools: createToolResolver() })
 */
export function createToolResolver(): ToolResolver {
  return {
    resolve(definition: ToolDefinition): RunnableTool {
      switch (definition.kind) {
        case "builtin":
          return builtinTool(definition);
        case "mock":
          return mockTool(definition);
        case "http":
        case "mcp":
        case "javascript":
          throw new EngineError("COMPILE_ERROR", `Tool "${definition.name}" is a ${definition.kind} tool, which this version of Graphwright cannot run yet`);
        case "agent":
          // compileGraph runs agent tools itself: they need the document's compiled agents.
          throw new EngineError(
            "COMPILE_ERROR",
            `Tool "${definition.name}" runs agent "${definition.config.agent}": give it to an agent, which calls it with a message; a Tool node cannot run an agent tool`,
          );
        default: {
          const never: never = definition;
          throw new Error(`Unknown tool kind ${(never as ToolDefinition).kind}`);
        }
      }
    },
  };
}
