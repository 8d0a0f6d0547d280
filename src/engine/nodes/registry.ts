/**
 * The one table of node kinds and how each compiles. Structural kinds (Start, End)
 * become LangGraph's START/END; Notes compile to nothing.
 *
 * A kind compiles to a node function, or to `{ run, branch }` when it chooses among
 * its outgoing handles (If, Switch, Loop, Router, Approval, …): `branch` reads the
 * state after `run` and names the handle(s) to follow; compile wires each handle to
 * the edges whose `source_handle` carries that name.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { GraphNode, NodeKind, NodeOfKind } from "../../schema/index.js";
import type { GraphState, GraphStateAnnotation, GraphUpdate } from "../state.js";
import { compileAgent } from "./agent/index.js";
import type { CompileContext } from "./context.js";
import { compileLlm } from "./llm.js";
import { compileToolNode } from "./tool.js";
import { compileApproval } from "./approval.js";
import { compileQuestion } from "./question.js";
import { compileIf } from "./if.js";
import { compileSwitch } from "./switch.js";
import { compileLoop } from "./loop.js";
import { compileParallel } from "./parallel.js";
import { compileSetState } from "./setState.js";
import { compileSubgraph } from "./subgraph.js";
import { compileRouter } from "./router.js";
import { compileFinalize } from "./finalize.js";
import { compileValidateInput } from "./validateInput.js";
import { compilePlanner } from "./planner.js";
import { compileExecute } from "./execute.js";

/** A compiled node body as LangGraph runs it. */
// The return type is loose on purpose: nodes may return a state update or a LangGraph Command.
export type NodeFunction = (state: GraphState, config: LangGraphRunnableConfig) => Promise<GraphUpdate | unknown> | GraphUpdate | unknown;

/** A node that picks which of its outgoing handles to follow. */
export interface BranchingNode {
  run: NodeFunction;
  /**
   * The handle(s) to follow after `run`, read from the updated state. An array fans out
   * (the targets run in parallel in the next step). A handle with no edge ends the run.
   */
  branch: (state: GraphState, config: LangGraphRunnableConfig) => string | string[];
  /** Every handle `branch` can return; compile checks edges against it. */
  handles: readonly string[];
}

export type CompiledNode = NodeFunction | BranchingNode;

export function isBranching(compiled: CompiledNode): compiled is BranchingNode {
  return typeof compiled === "object" && compiled !== null && "branch" in compiled;
}

type KindEntry<K extends NodeKind> =
  | { role: "start" | "end" | "ignored" }
  | { role: "executable"; compile: (node: NodeOfKind<K>, ctx: CompileContext, annotation: GraphStateAnnotation) => CompiledNode };

export const nodeRegistry: { [K in NodeKind]: KindEntry<K> } = {
  start: { role: "start" },
  end: { role: "end" },
  note: { role: "ignored" },
  agent: { role: "executable", compile: (node, ctx) => compileAgent(node, ctx).run },
  llm: { role: "executable", compile: (node, ctx) => compileLlm(node, ctx) },
  tool: { role: "executable", compile: (node, ctx) => compileToolNode(node, ctx) },
  approval: { role: "executable", compile: (node) => compileApproval(node) },
  question: { role: "executable", compile: (node) => compileQuestion(node) },
  if: { role: "executable", compile: (node, ctx) => compileIf(node, ctx) },
  switch: { role: "executable", compile: (node, ctx) => compileSwitch(node, ctx) },
  loop: { role: "executable", compile: (node, ctx) => compileLoop(node, ctx) },
  parallel: { role: "executable", compile: (node) => compileParallel(node) },
  set_state: { role: "executable", compile: (node, ctx) => compileSetState(node, ctx) },
  subgraph: { role: "executable", compile: (node, ctx) => compileSubgraph(node, ctx) },
  router: { role: "executable", compile: (node, ctx) => compileRouter(node, ctx) },
  finalize: { role: "executable", compile: (node, ctx) => compileFinalize(node, ctx) },
  validate_input: { role: "executable", compile: (node, ctx) => compileValidateInput(node, ctx) },
  planner: { role: "executable", compile: (node, ctx) => compilePlanner(node, ctx) },
  execute: { role: "executable", compile: (node, ctx) => compileExecute(node, ctx) },
};

export function roleOf(node: GraphNode): KindEntry<NodeKind>["role"] {
  return nodeRegistry[node.kind].role;
}

export function compileNode(node: GraphNode, ctx: CompileContext, annotation: GraphStateAnnotation): CompiledNode {
  const entry = nodeRegistry[node.kind] as KindEntry<typeof node.kind>;
  if (entry.role !== "executable") throw new Error(`Node kind "${node.kind}" is not executable`);
  return (entry.compile as (n: GraphNode, c: CompileContext, a: GraphStateAnnotation) => CompiledNode)(node, ctx, annotation);
}

/** The name a node has inside the compiled LangGraph graph. */
export function displayName(node: GraphNode): string {
  return "name" in node.data && typeof node.data.name === "string" ? node.data.name : node.id;
}
