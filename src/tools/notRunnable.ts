/** The error of a tool kind the schema knows but this version cannot run yet. */
import type { ToolDefinition } from "../schema/index.js";
import { EngineError } from "../engine/index.js";

export function cannotRunYet(definition: ToolDefinition): EngineError {
  return new EngineError("COMPILE_ERROR", `Tool "${definition.name}" is a ${definition.kind} tool, which this version of Graphwright cannot run yet`);
}
