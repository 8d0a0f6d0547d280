/**
 * Agent tools run an agent of the document, so compileGraph builds them itself from its compiled
 * agents; a resolver only meets one when a Tool node names it, which cannot work.
 */
import type { ToolOfKind } from "../schema/index.js";
import { EngineError, type RunnableTool } from "../engine/index.js";

export function agentTool(definition: ToolOfKind<"agent">): RunnableTool {
  throw new EngineError(
    "COMPILE_ERROR",
    `Tool "${definition.name}" runs agent "${definition.config.agent}": give it to an agent, which calls it with a message; a Tool node cannot run an agent tool`,
  );
}
