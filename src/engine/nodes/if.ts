/** If node: follows `true` when its condition holds, `false` otherwise (seed 003's IfNode). */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { IF_HANDLES, outputHandleIds, type NodeOfKind } from "../../schema/index.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import type { CompileContext } from "./context.js";
import { evaluateFlow, flowScope, resolveExpression } from "./flowScope.js";
import type { BranchingNode } from "./registry.js";

/**
 * Compiles an If node: `run` evaluates the condition and records the handle in `branches`,
 * `branch` follows it.
 * @example compileIf(node, ctx).handles // ["true", "false"]
 */
export function compileIf(node: NodeOfKind<"if">, ctx: CompileContext): BranchingNode {
  const { name } = node.data;
  const expression = resolveExpression(ctx.document, node, "condition", node.data.condition);
  return {
    handles: outputHandleIds(node),
    run: (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
      const holds = evaluateFlow(expression, flowScope(state), node, "condition") === true;
      const handle = holds ? IF_HANDLES.true.id : IF_HANDLES.false.id;
      emit(config, { type: "branch_taken", kind: "if", handle, reason: `${node.data.condition} is ${holds}` }, { agent: null });
      return { branches: { [name]: handle } } as GraphUpdate;
    },
    branch: (state: GraphState) => state.branches[name] ?? IF_HANDLES.false.id,
  };
}
