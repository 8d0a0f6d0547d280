/**
 * Meta-tools for planning over large catalogs (seed 001): instead of every tool's schema
 * up front, the planner's model gets discover_tools, get_tool_schema and invoke_tool.
 * invoke_tool runs a read-only tool while planning; its result is kept as a planning
 * result that actions may depend on. Destructive tools must be planned, never invoked.
 */
import type { ToolDefinition } from "../../schema/index.js";
import type { CallableTool } from "../toolCall.js";
import { parsedResult } from "./runActions.js";

export const META_TOOL_NAMES = ["discover_tools", "get_tool_schema", "invoke_tool"] as const;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/**
 * Catalog tools whose name or description shares a word with the query (all of them for
 * an empty query), best matches first.
 * @example discoverTools(catalog, "delete a task").map((t) => t.name) // ["delete_task", "list_tasks"]
 */
export function discoverTools(catalog: readonly ToolDefinition[], query: string, limit = 20): { name: string; description: string; destructive: boolean }[] {
  const wanted = new Set(words(query));
  const scored = catalog.map((tool) => {
    const have = words(`${tool.name} ${tool.description}`);
    return { tool, score: wanted.size === 0 ? 1 : have.filter((w) => wanted.has(w)).length };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ tool }) => ({ name: tool.name, description: tool.description, destructive: tool.destructive }));
}

/**
 * The three meta-tools over a planner's catalog. `invoked` receives each planning-time
 * result under its id (`id` argument, else `<tool>_<n>`).
 * @example const tools = metaTools(catalog, runnable, (id, value) => (planningResults[id] = value));
 */
export function metaTools(
  catalog: readonly ToolDefinition[],
  runnable: ReadonlyMap<string, CallableTool>,
  invoked: (id: string, value: unknown) => void,
): Map<string, CallableTool> {
  const byName = new Map(catalog.map((t) => [t.name, t]));
  let count = 0;
  const tool = (name: string, description: string, parameters: Record<string, unknown>, invoke: CallableTool["invoke"]): [string, CallableTool] => [
    name,
    { spec: { name, description, parameters }, returnDirect: false, invoke },
  ];
  return new Map([
    tool(
      "discover_tools",
      "Find tools for a task: returns names and descriptions of matching tools.",
      { type: "object", properties: { query: { type: "string" }, limit: { type: "number" } } },
      async (args) => discoverTools(catalog, typeof args.query === "string" ? args.query : "", typeof args.limit === "number" ? args.limit : 20),
    ),
    tool(
      "get_tool_schema",
      "The argument schema of one tool, by name.",
      { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
      async (args) => {
        const found = byName.get(String(args.name));
        if (!found) throw new Error(`No tool named "${String(args.name)}"; use discover_tools to find one`);
        return { name: found.name, description: found.description, input_schema: found.input_schema, destructive: found.destructive };
      },
    ),
    tool(
      "invoke_tool",
      "Run a read-only tool now (e.g. to look something up while planning). Destructive tools must be planned, not invoked.",
      { type: "object", properties: { name: { type: "string" }, args: { type: "object" }, id: { type: "string" } }, required: ["name"] },
      async (args, context) => {
        const name = String(args.name);
        const target = runnable.get(name);
        if (!target || !byName.has(name)) throw new Error(`No tool named "${name}"; use discover_tools to find one`);
        if (byName.get(name)?.destructive) throw new Error(`"${name}" is destructive: plan it as an action so the user can confirm it`);
        const raw = await target.invoke((args.args ?? {}) as Record<string, unknown>, context);
        const value = typeof raw === "string" ? parsedResult(raw) : raw;
        const id = typeof args.id === "string" && args.id ? args.id : `${name}_${++count}`;
        invoked(id, value);
        return { id, result: value };
      },
    ),
  ]);
}
