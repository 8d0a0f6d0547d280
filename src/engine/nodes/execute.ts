/**
 * Execute node (seed 001): route_execution, then the actions of this turn's plan.
 * `confirm` when an action is destructive (a person approves, edits or rejects each one
 * before anything runs), then `sequential` (topological order, dependency results
 * injected) when any action depends on another, else `parallel` (bounded workers).
 * Results land in `results.<name>` by action id; how each action ended, in `actions`.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { NodeOfKind } from "../../schema/index.js";
import { requestApproval } from "../approval.js";
import { EngineError } from "../errors.js";
import type { ActionPlan, PlannedAction } from "../flows/plan.js";
import { runActions } from "../flows/runActions.js";
import { topologicalOrder } from "../flows/schedule.js";
import { emit } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { catalogTool, type CallableTool } from "../toolCall.js";
import type { CompileContext } from "./context.js";
import { turnOf } from "./flowScope.js";

export type ExecutionMode = "confirm" | "sequential" | "parallel";

/**
 * route_execution: confirm when an action needs confirmation, else sequential when any
 * action depends on another, else parallel. `forced` (the node's mode) replaces the
 * second choice but never skips confirmation; only `confirmDestructive: false` does.
 * @example routeExecution([{ id: "a1", depends_on: [], destructive: true, … }]) // { mode: "confirm", then: "parallel" }
 */
export function routeExecution(
  actions: readonly PlannedAction[],
  forced: "auto" | "sequential" | "parallel" = "auto",
): { mode: ExecutionMode; then: "sequential" | "parallel" } {
  const then = forced !== "auto" ? forced : actions.some((a) => a.depends_on.length > 0) ? "sequential" : "parallel";
  // Destructive actions always wait for a person: no setting turns that off.
  const confirm = actions.some((a) => a.destructive && !a.error);
  return { mode: confirm ? "confirm" : then, then };
}

/**
 * Compiles an Execute node. A dependency cycle stops the run with DEPENDENCY_CYCLE.
 * @example compileExecute(node, ctx)(state, config) // { results: { Execute: { a1: {…}, a2: { success: false, … } } }, actions: {…} }
 */
export function compileExecute(node: NodeOfKind<"execute">, ctx: CompileContext) {
  const data = node.data;
  const tools = new Map<string, CallableTool>(ctx.document.tools.map((t) => [t.name, catalogTool(ctx.services.tools.resolve(t), undefined)]));

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const plan: ActionPlan | null = state.actions && state.actions.turn === turnOf(state) ? state.actions : null;
    if (!plan) return { results: { [data.name]: {} } } as GraphUpdate;
    const sorted = topologicalOrder(plan.actions);
    if ("cycle" in sorted) {
      throw new EngineError("DEPENDENCY_CYCLE", `Execute "${data.name}": the plan's actions depend on each other in a cycle: ${sorted.cycle.join(" → ")}`, {
        nodeId: node.id,
      });
    }
    const { mode, then } = routeExecution(plan.actions, data.mode);
    emit(config, { type: "execution_routed", mode, then, actions: plan.actions.length }, { agent: null });

    // Every confirmation comes before any action runs: the node replays from its start when resumed.
    const rejected = new Map<string, string | null>();
    const approved = new Map<string, Record<string, unknown>>();
    if (mode === "confirm") {
      for (const action of plan.actions.filter((a) => a.destructive && !a.error)) {
        const message = `Action "${action.id}": "${action.tool}" is destructive. Run it with ${JSON.stringify(action.args)}?`;
        const answer = requestApproval({ tool: action.tool, args: action.args, message, node: data.name }, config);
        if (answer.approved) approved.set(action.id, answer.args);
        else rejected.set(action.id, answer.reason);
      }
    }
    const order = sorted.order.map((a) => (approved.has(a.id) ? { ...a, args: approved.get(a.id) as Record<string, unknown> } : a));
    const { results, outcomes } = await runActions(
      {
        order,
        tools,
        workers: then === "sequential" ? 1 : data.max_workers,
        timeoutMs: data.timeout_ms,
        rejected,
        known: plan.planning_results,
        clock: ctx.services.clock,
        node: data.name,
      },
      config,
    );
    const ran: ActionPlan = { ...plan, actions: order, mode, then, outcomes };
    return { actions: ran, results: { [data.name]: results } } as GraphUpdate;
  };
}
