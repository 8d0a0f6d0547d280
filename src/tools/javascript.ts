/** JavaScript tools: code run in a sandbox with a hard timeout. Not runnable yet: resolving one is a compile error. */
import type { ToolOfKind } from "../schema/index.js";
import type { RunnableTool } from "../engine/index.js";
import { cannotRunYet } from "./notRunnable.js";

export function javascriptTool(definition: ToolOfKind<"javascript">): RunnableTool {
  throw cannotRunYet(definition);
}
