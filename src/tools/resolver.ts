/** Turns catalog definitions into runnable tools, by kind. */
import type { ToolDefinition } from "../schema/index.js";
import type { RunnableTool, ToolResolver } from "../engine/index.js";
import { runnableTool } from "./registry.js";

/**
 * The tool resolver for Node and the browser.
 * @example compileGraph(doc, { models, tools: createToolResolver() })
 */
export function createToolResolver(): ToolResolver {
  return {
    resolve(definition: ToolDefinition): RunnableTool {
      return runnableTool(definition);
    },
  };
}
