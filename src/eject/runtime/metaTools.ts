/** The generated project's meta-tools (src/metaTools.ts): how a Planner explores a large catalog. */
export const META_TOOLS_SOURCE = `/**
 * Meta-tools for planning over a large catalog (seed 001): instead of every tool's schema up
 * front, a Planner's model gets discover_tools, get_tool_schema and invoke_tool (src/plans.ts).
 */
import type { RunnableConfig } from "@langchain/core/runnables";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { z } from "zod";

/** A catalog tool as the meta-tools show it: found by its words, its schema read, run while planning. */
export interface ExploredTool {
  description: string;
  input_schema: Record<string, unknown>;
  destructive: boolean;
  run: StructuredToolInterface;
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);
}

/** A tool's result as a value: parsed when it is JSON, the text otherwise. */
function valueOf(result: unknown): unknown {
  const text = typeof result === "string" ? result : JSON.stringify(result);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * discover_tools, get_tool_schema and invoke_tool over the catalog. invoke_tool runs a read-only
 * tool while planning; \`invoked\` keeps its result under its id (\`id\` argument, else \`<tool>_<n>\`)
 * for actions to depend on. Destructive tools must be planned, never invoked.
 */
export function metaTools(catalog: Record<string, ExploredTool>, invoked: (id: string, value: unknown) => void, config?: RunnableConfig): StructuredToolInterface[] {
  const find = (name: string): ExploredTool => {
    const found = Object.hasOwn(catalog, name) ? catalog[name] : undefined;
    if (!found) throw new Error(\`No tool named "\${name}"; use discover_tools to find one\`);
    return found;
  };
  let count = 0;
  const discover = tool(
    ({ query, limit }) => {
      const wanted = new Set(words(query ?? ""));
      const scored = Object.entries(catalog).map(([name, found]) => {
        const have = words(\`\${name} \${found.description}\`);
        return { name, found, score: wanted.size === 0 ? 1 : have.filter((w) => wanted.has(w)).length };
      });
      const best = scored
        .filter((s) => s.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit ?? 20)
        .map(({ name, found }) => ({ name, description: found.description, destructive: found.destructive }));
      return JSON.stringify(best);
    },
    {
      name: "discover_tools",
      description: "Find tools for a task: returns names and descriptions of matching tools.",
      schema: z.object({ query: z.string().optional(), limit: z.number().optional() }),
    },
  );
  const schema = tool(
    ({ name }) => {
      const found = find(name);
      return JSON.stringify({ name, description: found.description, input_schema: found.input_schema, destructive: found.destructive });
    },
    { name: "get_tool_schema", description: "The argument schema of one tool, by name.", schema: z.object({ name: z.string() }) },
  );
  const invoke = tool(
    async ({ name, args, id }) => {
      const found = find(name);
      if (found.destructive) throw new Error(\`"\${name}" is destructive: plan it as an action so the user can confirm it\`);
      const value = valueOf(await found.run.invoke(args ?? {}, { callbacks: config?.callbacks }));
      const key = id ? id : \`\${name}_\${++count}\`;
      invoked(key, value);
      return JSON.stringify({ id: key, result: value });
    },
    {
      name: "invoke_tool",
      description: "Run a read-only tool now (e.g. to look something up while planning). Destructive tools must be planned, not invoked.",
      schema: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()).optional(), id: z.string().optional() }),
    },
  );
  return [discover, schema, invoke];
}
`;
