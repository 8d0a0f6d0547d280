/**
 * The one table of node kinds and how each compiles. Structural kinds (Start, End)
 * become LangGraph's START/END; Notes compile to nothing.
 */
import type { GraphNode, NodeKind, NodeOfKind } from "../../schema/index.js";
import type { GraphStateAnnotation } from "../state.js";
import { compileAgent } from "./agent.js";
import type { CompileContext } from "./context.js";
import { compileLlm } from "./llm.js";
import { compileToolNode } from "./tool.js";

type Compiled = ReturnType<typeof compileAgent>["run"] | ReturnType<typeof compileLlm> | ReturnType<typeof compileToolNode>;
type KindEntry<K extends NodeKind> =
  | { role: "start" | "end" | "ignored" }
  | { role: "executable"; compile: (node: NodeOfKind<K>, ctx: CompileContext, annotation: GraphStateAnnotation) => Compiled };

export const nodeRegistry: { [K in NodeKind]: KindEntry<K> } = {
  start: { role: "start" },
  end: { role: "end" },
  note: { role: "ignored" },
  agent: { role: "executable", compile: (node, ctx, annotation) => compileAgent(node, ctx, annotation).run },
  llm: { role: "executable", compile: (node, ctx) => compileLlm(node, ctx) },
  tool: { role: "executable", compile: (node, ctx) => compileToolNode(node, ctx) },
};

export function roleOf(node: GraphNode): KindEntry<NodeKind>["role"] {
  return nodeRegistry[node.kind].role;
}

export function compileNode(node: GraphNode, ctx: CompileContext, annotation: GraphStateAnnotation): Compiled {
  const entry = nodeRegistry[node.kind] as KindEntry<typeof node.kind>;
  if (entry.role !== "executable") throw new Error(`Node kind "${node.kind}" is not executable`);
  return (entry.compile as (n: GraphNode, c: CompileContext, a: GraphStateAnnotation) => Compiled)(node, ctx, annotation);
}

/** The name a node has inside the compiled LangGraph graph. */
export function displayName(node: GraphNode): string {
  return "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
}
