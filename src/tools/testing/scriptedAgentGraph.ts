/**
 * Test graphs: Start → one agent on the built-in scripted model → End, with the catalog and
 * rules a tool test needs. Shared by the tool kinds' CLI tests and browser tests, so it imports
 * no test runner.
 */

export interface ScriptedAgentGraph {
  id: string;
  name: string;
  /** The scripted model's rules (`match` / `on: "tool"` …). */
  rules: unknown[];
  /** The document's tool catalog. */
  tools?: unknown[];
  /** Names of the catalog tools the agent may call. */
  agentTools?: string[];
  /** More top-level document fields (e.g. `mcp_servers`). */
  extra?: Record<string, unknown>;
}

/**
 * @example scriptedAgentGraph({ id: "drill", name: "Drill", rules: [{ match: "hi", reply: "hello" }] })
 */
export function scriptedAgentGraph(graph: ScriptedAgentGraph): Record<string, unknown> {
  return {
    version: 1,
    meta: { id: graph.id, name: graph.name },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    ...(graph.tools ? { tools: graph.tools } : {}),
    ...graph.extra,
    nodes: [
      { id: "start", kind: "start", position: { x: 0, y: 0 } },
      {
        id: "agent",
        kind: "agent",
        position: { x: 0, y: 150 },
        data: { name: "Assistant", model: "scripted", tools: graph.agentTools ?? [], default_tools: [], script: { rules: graph.rules } },
      },
      { id: "end", kind: "end", position: { x: 0, y: 300 } },
    ],
    edges: [
      { id: "e1", kind: "flow", source: "start", target: "agent" },
      { id: "e2", kind: "flow", source: "agent", target: "end" },
    ],
  };
}
