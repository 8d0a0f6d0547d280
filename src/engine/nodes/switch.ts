/** Switch node: reads a value and follows the first case equal to it, else `default` (seed 003). */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { outputHandleIds, SWITCH_DEFAULT, type NodeOfKind, type SwitchCase } from "../../schema/index.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import type { CompileContext } from "./context.js";
import { evaluateFlow, flowScope, resolveExpression } from "./flowScope.js";
import type { BranchingNode } from "./registry.js";

/**
 * The case a value selects: equal by type and value (`"2"` does not match `2`), first case wins.
 * @example pickCase("billing", [{ id: "b", value: "billing" }]) // "b"
 */
export function pickCase(value: unknown, cases: readonly SwitchCase[]): string {
  return cases.find((c) => c.value === value)?.id ?? SWITCH_DEFAULT;
}

function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Compiles a Switch node: `run` evaluates `variable` and records the chosen case in `branches`.
 * @example compileSwitch(node, ctx).handles // ["billing", "tech", "default"]
 */
export function compileSwitch(node: NodeOfKind<"switch">, ctx: CompileContext): BranchingNode {
  const { name, cases } = node.data;
  const expression = resolveExpression(ctx.document, node, "variable", node.data.variable);
  return {
    handles: outputHandleIds(node),
    run: (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
      const value = evaluateFlow(expression, flowScope(state), node, "variable");
      const handle = pickCase(value, cases);
      const reason = handle === SWITCH_DEFAULT ? `${show(value)} matches no case` : `${show(value)} matches case "${handle}"`;
      emit(config, { type: "branch_taken", kind: "switch", handle, reason }, { agent: null });
      return { branches: { [name]: handle } } as GraphUpdate;
    },
    branch: (state: GraphState) => state.branches[name] ?? SWITCH_DEFAULT,
  };
}
