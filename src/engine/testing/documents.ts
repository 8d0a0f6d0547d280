/** Builders for small documents used by engine tests. */
import type { GraphDocumentInput } from "../../schema/index.js";

type NodeInput = GraphDocumentInput["nodes"][number];
type AgentInput = Extract<NodeInput, { kind: "agent" }>["data"];

export const at = { x: 0, y: 0 };

export function agentNode(id: string, data: Partial<AgentInput> & { name: string }): NodeInput {
  return { id, kind: "agent", position: at, data: { model: "scripted", ...data } };
}

export function flow(source: string, target: string): NonNullable<GraphDocumentInput["edges"]>[number] {
  return { id: `${source}-${target}`, kind: "flow", source, target };
}

/** Start → the given nodes in a chain → End, with a scripted profile. */
export function chainDocument(nodes: NodeInput[], extra: Partial<GraphDocumentInput> = {}): GraphDocumentInput {
  const ids = ["start", ...nodes.map((n) => n.id), "end"];
  return {
    version: 1,
    meta: { id: "test", name: "Test graph" },
    models: [{ id: "scripted", provider: "scripted", model: "scripted" }],
    ...extra,
    nodes: [{ id: "start", kind: "start", position: at }, ...nodes, { id: "end", kind: "end", position: at }, ...(extra.nodes ?? [])],
    edges: [...ids.slice(1).map((id, i) => flow(ids[i] as string, id)), ...(extra.edges ?? [])],
  };
}
