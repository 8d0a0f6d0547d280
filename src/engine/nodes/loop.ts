/**
 * Loop node (seed 003's LoopNode): a while loop with a `max_loops` circuit breaker.
 * Each time the run reaches the node it checks the condition: true → `body` (whose last
 * node leads back here), false → `exit`. Passes are counted per turn in the `loops` channel.
 * When the condition still holds after `max_loops` passes, `on_limit: "exit"` leaves through
 * `exit` with `exhausted: true` in `loops.<name>` and a `loop_limit` event; `"error"` stops
 * the run with LOOP_LIMIT.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { LOOP_HANDLES, outputHandleIds, type NodeOfKind } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate, LoopState } from "../state.js";
import type { CompileContext } from "./context.js";
import { evaluateFlow, flowScope, resolveExpression, turnOf } from "./flowScope.js";
import type { BranchingNode } from "./registry.js";

/**
 * Compiles a Loop node. The condition also sees `passes` (passes so far this turn) and `max_loops`.
 * @example compileLoop(node, ctx).handles // ["body", "exit"]
 */
export function compileLoop(node: NodeOfKind<"loop">, ctx: CompileContext): BranchingNode {
  const { name, max_loops: max, on_limit: onLimit } = node.data;
  const expression = resolveExpression(ctx.document, node, "condition", node.data.condition);
  return {
    handles: outputHandleIds(node),
    run: (state: GraphState, config: LangGraphRunnableConfig): GraphUpdate => {
      const turn = turnOf(state);
      const previous = state.loops[name];
      const count = previous && previous.turn === turn ? previous.count : 0;
      const holds = evaluateFlow(expression, { ...flowScope(state), passes: count, max_loops: max }, node, "condition") === true;
      const where = { agent: null };
      const leave = (exhausted: boolean, reason: string): GraphUpdate => {
        emit(config, { type: "branch_taken", kind: "loop", handle: LOOP_HANDLES.exit.id, reason }, where);
        const loop: LoopState = { count: 0, passes: count, exhausted, turn };
        return { loops: { [name]: loop }, branches: { [name]: LOOP_HANDLES.exit.id } } as GraphUpdate;
      };
      if (!holds) return leave(false, `${node.data.condition} is false after ${count} pass${count === 1 ? "" : "es"}`);
      if (count >= max) {
        emit(config, { type: "loop_limit", loop: name, max_loops: max, action: onLimit }, where);
        if (onLimit === "error") {
          throw new EngineError("LOOP_LIMIT", `Loop "${name}" reached max_loops (${max}) while ${node.data.condition} still held`, { nodeId: node.id });
        }
        return leave(true, `max_loops (${max}) reached while ${node.data.condition} still held`);
      }
      emit(config, { type: "loop_iteration", loop: name, iteration: count + 1, max_loops: max }, where);
      emit(config, { type: "branch_taken", kind: "loop", handle: LOOP_HANDLES.body.id, reason: `pass ${count + 1} of at most ${max}` }, where);
      const loop: LoopState = { count: count + 1, passes: previous?.passes ?? 0, exhausted: false, turn };
      return { loops: { [name]: loop }, branches: { [name]: LOOP_HANDLES.body.id } } as GraphUpdate;
    },
    branch: (state: GraphState) => state.branches[name] ?? LOOP_HANDLES.exit.id,
  };
}
