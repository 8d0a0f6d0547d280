/**
 * The one table of node kinds. `nodeSchema` (the document's node union, in its published order)
 * and `nodeKindTable` (in palette order) are built from the kinds' descriptors; the table's type
 * makes the compiler refuse a kind that is in one and not in the other. A new kind is its module
 * (`nodes/<kind>.ts`) plus four lines here: import, re-export, union member, table entry.
 */
import { z } from "zod";
import { finite, id } from "../primitives.js";
import type { NodeKindDescriptor } from "./descriptor.js";
import { agentKind } from "./agent.js";
import { approvalKind } from "./approval.js";
import { endKind } from "./end.js";
import { executeKind } from "./execute.js";
import { finalizeKind } from "./finalize.js";
import { ifKind } from "./if.js";
import { llmKind } from "./llm.js";
import { loopKind } from "./loop.js";
import { noteKind } from "./note.js";
import { parallelKind } from "./parallel.js";
import { plannerKind } from "./planner.js";
import { questionKind } from "./question.js";
import { routerKind } from "./router.js";
import { setStateKind } from "./setState.js";
import { startKind } from "./start.js";
import { subgraphKind } from "./subgraph.js";
import { switchKind } from "./switch.js";
import { toolKind } from "./tool.js";
import { validateInputKind } from "./validateInput.js";

// Each kind's schemas, types and constants, for `schema/index.ts` to pass on.
export * from "./agent.js";
export * from "./approval.js";
export * from "./end.js";
export * from "./execute.js";
export * from "./finalize.js";
export * from "./if.js";
export * from "./llm.js";
export * from "./loop.js";
export * from "./note.js";
export * from "./parallel.js";
export * from "./planner.js";
export * from "./question.js";
export * from "./router.js";
export * from "./setState.js";
export * from "./start.js";
export * from "./subgraph.js";
export * from "./switch.js";
export * from "./tool.js";
export * from "./validateInput.js";

const position = z.strictObject({ x: finite, y: finite });
const nodeBase = { id, position, width: finite.positive().optional(), height: finite.positive().optional() };

/** A kind's member of the node union: `{ id, position, width?, height?, kind, data }`. */
function nodeVariant<const K extends string, S extends z.ZodType>(descriptor: NodeKindDescriptor<K, S>) {
  return z.strictObject({ ...nodeBase, kind: z.literal(descriptor.kind), data: descriptor.schema });
}

// The published order of the union (public/schema/graph.v1.json follows it): new kinds go last.
export const nodeSchema = z.discriminatedUnion("kind", [
  nodeVariant(startKind),
  nodeVariant(endKind),
  nodeVariant(agentKind),
  nodeVariant(llmKind),
  nodeVariant(toolKind),
  nodeVariant(noteKind),
  nodeVariant(approvalKind),
  nodeVariant(questionKind),
  nodeVariant(ifKind),
  nodeVariant(switchKind),
  nodeVariant(loopKind),
  nodeVariant(parallelKind),
  nodeVariant(setStateKind),
  nodeVariant(subgraphKind),
  nodeVariant(routerKind),
  nodeVariant(finalizeKind),
  nodeVariant(validateInputKind),
  nodeVariant(plannerKind),
  nodeVariant(executeKind),
]);

export type GraphNode = z.infer<typeof nodeSchema>;
export type NodeKind = GraphNode["kind"];
export type NodeOfKind<K extends NodeKind> = Extract<GraphNode, { kind: K }>;

/** Every node kind with its descriptor; a kind of the union missing here (or one too many) does not compile. */
export type NodeKindTable = { readonly [K in NodeKind]: NodeKindDescriptor<K, z.ZodType<NodeOfKind<K>["data"]>> };

/** The node kinds, in the order the palette offers them. */
export const nodeKindTable: NodeKindTable = {
  start: startKind,
  agent: agentKind,
  llm: llmKind,
  tool: toolKind,
  end: endKind,
  note: noteKind,
  if: ifKind,
  switch: switchKind,
  loop: loopKind,
  parallel: parallelKind,
  set_state: setStateKind,
  subgraph: subgraphKind,
  router: routerKind,
  finalize: finalizeKind,
  validate_input: validateInputKind,
  planner: plannerKind,
  execute: executeKind,
  approval: approvalKind,
  question: questionKind,
};

/**
 * The descriptor of a node's kind.
 * @example descriptorOf("if").word // "If node"
 */
export function descriptorOf<K extends NodeKind>(kind: K): NodeKindTable[K] {
  return nodeKindTable[kind];
}
