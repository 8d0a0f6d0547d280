/** The instructions a Planner's model gets: how to hand in a plan, and the catalog or the meta-tools. */
import type { ToolDefinition } from "../../schema/index.js";
import { SUBMIT_PLAN } from "./plan.js";

const RULES = [
  `Plan the tool actions that fulfil the user's request and hand them in with ${SUBMIT_PLAN}({ "actions": [...] }).`,
  'Each action is { "id": "a1", "tool": "<tool name>", "args": { ... }, "depends_on": ["<earlier id>"] }.',
  "When an action needs the result of another, list that action in depends_on and write {{results.<id>.<field>}} in its args.",
  "Actions without dependencies run in parallel. Destructive tools run only after the user confirms.",
  `If nothing needs a tool, call ${SUBMIT_PLAN} with an empty list.`,
].join("\n");

function describeTool(tool: ToolDefinition): string {
  const flag = tool.destructive ? " (destructive: needs the user's confirmation)" : "";
  return `- ${tool.name}${flag}: ${tool.description || "(no description)"}\n  arguments: ${JSON.stringify(tool.input_schema)}`;
}

/**
 * The planning instructions appended to the Planner's system prompt.
 * @example planningInstructions(catalog, "catalog") // "Plan the tool actions … Tools:\n- create_event: …"
 */
export function planningInstructions(catalog: readonly ToolDefinition[], mode: "catalog" | "meta_tools"): string {
  if (mode === "meta_tools") {
    return `${RULES}\nThe catalog is large: find tools with discover_tools, read their arguments with get_tool_schema, and use invoke_tool only to look something up while planning (its result id can be listed in depends_on).`;
  }
  return `${RULES}\nTools:\n${catalog.map(describeTool).join("\n")}`;
}
