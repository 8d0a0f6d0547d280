/**
 * Set state / Transform node (seed 004's apply_state_delta): each assignment's CEL value
 * becomes an update of its channel, and the channel's reducer decides what happens —
 * `append` adds, `merge` shallow-merges, `replace` overwrites.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { applyReducer, type GraphState, type GraphUpdate } from "../state.js";
import type { CompileContext } from "./context.js";
import { evaluateFlow, flowScope, resolveExpression } from "./flowScope.js";

/**
 * Compiles a Set state node. Assignments see the state before the node; two assignments to
 * one channel combine through its reducer.
 * @example compileSetState(node, ctx)(state, config) // { tags: ["vip"], profile: { plan: "pro" } }
 */
export function compileSetState(node: NodeOfKind<"set_state">, ctx: CompileContext) {
  const channels = new Map(ctx.document.state.channels.map((c) => [c.name, c]));
  const assignments = node.data.assignments.map((assignment, i) => {
    const channel = channels.get(assignment.channel);
    if (!channel) {
      throw new EngineError(
        "COMPILE_ERROR",
        `${node.data.name}: assignment ${i + 1} writes "${assignment.channel}", which is not a state channel of this graph; add it under State`,
        { nodeId: node.id, path: `$.nodes[${ctx.document.nodes.indexOf(node)}].data.assignments[${i}].channel` },
      );
    }
    return { channel, expression: resolveExpression(ctx.document, node, `assignments[${i}].expression`, assignment.expression) };
  });

  return (state: GraphState, _config: LangGraphRunnableConfig): GraphUpdate => {
    const scope = flowScope(state);
    const update: Record<string, unknown> = {};
    assignments.forEach(({ channel, expression }, i) => {
      const value = evaluateFlow(expression, scope, node, `assignments[${i}].expression`);
      update[channel.name] = channel.name in update ? applyReducer(channel.reducer, update[channel.name], value) : value;
    });
    return update as GraphUpdate;
  };
}
