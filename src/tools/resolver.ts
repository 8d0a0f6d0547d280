/** Turns catalog definitions into runnable tools, by kind. */
import type { ToolDefinition } from "../schema/index.js";
import type { RunnableTool, ToolResolver } from "../engine/index.js";
import { runnableTool } from "./registry.js";
import type { ToolServices } from "./services.js";

/**
 * The tool resolver for Node and the browser; `services` gives runners the network and named secrets.
 * @example compileGraph(doc, { models, tools: createToolResolver({ secrets: envSecrets(process.env) }) })
 */
export function createToolResolver(services: ToolServices = {}): ToolResolver {
  return {
    resolve(definition: ToolDefinition): RunnableTool {
      return runnableTool(definition, services);
    },
  };
}
