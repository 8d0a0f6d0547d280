/** What every Agentflow node handler gets and returns, and how it reports a node. */
import type { GraphBuilder } from "../builder.js";
import type { FlowNode, Unit } from "./flow.js";
import { sourceOf } from "./flow.js";
import type { VariableUse } from "./values.js";

/** What every handler gets: the builder, and our Start node (one per graph). */
export interface AgentflowContext {
  builder: GraphBuilder;
  start: string;
  /** Makes a state channel for each flow-state key a text read. */
  channels(use: VariableUse): void;
}

export type Handler = (ctx: AgentflowContext, node: FlowNode) => Unit;

export const at = (ctx: AgentflowContext, node: FlowNode) => ctx.builder.position(node.x, node.y);
export const joinReasons = (...reasons: string[]) => reasons.filter((r) => r !== "").join("; ");

/** Reports a node: mapped when nothing differs, else approximated with the reasons. */
export function report(ctx: AgentflowContext, node: FlowNode, to: string[], reasons: string[]): void {
  const reason = joinReasons(...reasons);
  if (reason === "") ctx.builder.report.mapped(sourceOf(node), to);
  else ctx.builder.report.approximated(sourceOf(node), to, reason);
}
