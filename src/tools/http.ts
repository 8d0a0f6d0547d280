/** HTTP tools: one request to a URL the document names. Not runnable yet: resolving one is a compile error. */
import type { ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import { cannotRunYet } from "./notRunnable.js";

export function httpTool(definition: ToolOfKind<"http">): RunnableTool {
  throw cannotRunYet(definition);
}
