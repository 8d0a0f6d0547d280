/**
 * Planner node (seed 001 `plan_actions`): the model plans tool actions
 * `{ id, tool, args, depends_on }` and hands them in with `submit_plan` (or as JSON);
 * in meta-tools mode it first explores the catalog with discover_tools / get_tool_schema /
 * invoke_tool. The plan lands in the `actions` channel for Execute.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { NodeOfKind, ToolDefinition } from "../../schema/index.js";
import { EngineError } from "../errors.js";
import { metaTools } from "../flows/metaTools.js";
import { parsePlan, rawPlanOf, SUBMIT_PLAN, submitPlanSpec, type ActionPlan, type PlannedAction } from "../flows/plan.js";
import { planningInstructions } from "../flows/planPrompt.js";
import { callModel } from "../modelCall.js";
import { emit, textOf } from "../runtime.js";
import type { GraphState, GraphUpdate } from "../state.js";
import { renderTemplate } from "../template.js";
import { catalogTool, executeTool, type CallableTool } from "../toolCall.js";
import type { CompileContext } from "./context.js";
import { flowScope, turnOf } from "./flowScope.js";

/**
 * Parses the plan and answers the model's `submit_plan` call (when it made one) with a
 * `tool_call` / `tool_result` pair, so the call's card in the chat and timeline is closed.
 */
function answerSubmission(
  call: { id?: string; args: Record<string, unknown> } | undefined,
  parse: () => PlannedAction[],
  config: LangGraphRunnableConfig,
): PlannedAction[] {
  // An invalid plan throws here and the run ends with INVALID_PLAN: there is no card to close.
  const actions = parse();
  if (!call?.id) return actions;
  const where = { agent: null, callId: call.id };
  const result = `Plan accepted: ${actions.length} action${actions.length === 1 ? "" : "s"}${actions.length ? ` (${actions.map((a) => a.id).join(", ")})` : ""}`;
  emit(config, { type: "tool_call", tool_call_id: call.id, tool: SUBMIT_PLAN, args: call.args }, where);
  emit(config, { type: "tool_result", tool_call_id: call.id, tool: SUBMIT_PLAN, result, error: null, duration_ms: 0, return_direct: false }, where);
  return actions;
}

/**
 * Compiles a Planner node.
 * @example compilePlanner(node, ctx)(state, config) // { actions: { actions: [{ id: "a1", tool: "list_tasks", … }], … } }
 */
export function compilePlanner(node: NodeOfKind<"planner">, ctx: CompileContext) {
  const data = node.data;
  const profile = ctx.document.models.find((m) => m.id === data.model);
  if (!profile) throw new EngineError("COMPILE_ERROR", `Planner "${data.name}" uses missing model profile "${data.model}"`, { nodeId: node.id });
  const catalog: ToolDefinition[] = data.tools.map((id) => {
    const found = ctx.document.tools.find((t) => t.id === id);
    if (!found) throw new EngineError("COMPILE_ERROR", `Planner "${data.name}" uses missing tool "${id}"`, { nodeId: node.id });
    return found;
  });
  const byName = new Map(catalog.map((t) => [t.name, t]));
  const runnable = new Map(catalog.map((t) => [t.name, catalogTool(ctx.services.tools.resolve(t), data.name)]));
  const model = ctx.services.models.resolve({ profile, profiles: ctx.document.models, agent: data.name, ...(data.script ? { script: data.script } : {}) });
  const submit = submitPlanSpec(catalog.map((t) => t.name));

  return async (state: GraphState, config: LangGraphRunnableConfig): Promise<GraphUpdate> => {
    const scope = flowScope(state);
    const system = [renderTemplate(data.system_prompt, scope), planningInstructions(catalog, data.mode)].filter(Boolean).join("\n\n");
    const messages: BaseMessage[] = [new SystemMessage(system), new HumanMessage(renderTemplate(data.prompt, scope))];
    const planningResults: Record<string, unknown> = {};
    const helpers: Map<string, CallableTool> =
      data.mode === "meta_tools" ? metaTools(catalog, runnable, (id, value) => (planningResults[id] = value)) : new Map();
    const specs = [...[...helpers.values()].map((t) => t.spec), submit];
    const where = { agent: data.name, clock: ctx.services.clock, node: data.name };

    for (let call = 0; call < data.max_iterations; call++) {
      const reply = await callModel(
        {
          model,
          messages,
          tools: specs,
          state,
          agent: data.name,
          ids: ctx.services.ids,
          ...(data.temperature !== undefined ? { temperature: data.temperature } : {}),
        },
        config,
      );
      const raw = rawPlanOf(reply);
      const calls = reply.tool_calls ?? [];
      if (raw !== undefined || calls.length === 0) {
        const parse = () =>
          raw === undefined
            ? []
            : parsePlan(raw, byName, { planner: data.name, maxActions: data.max_actions, known: Object.keys(planningResults), nodeId: node.id });
        const actions = answerSubmission(
          calls.find((c) => c.name === SUBMIT_PLAN),
          parse,
          config,
        );
        const plan: ActionPlan = {
          planner: data.name,
          turn: turnOf(state),
          actions,
          requires_confirmation: actions.some((a) => a.destructive && !a.error),
          planning_results: planningResults,
          note: raw === undefined ? textOf(reply) : "",
        };
        const summary = actions.map((a) => ({ id: a.id, tool: a.tool, depends_on: a.depends_on }));
        emit(config, { type: "plan_created", planner: data.name, actions: summary, requires_confirmation: plan.requires_confirmation }, { agent: data.name });
        return { actions: plan } as GraphUpdate;
      }
      // Meta-tool round trip: run the calls and let the model continue planning.
      messages.push(reply);
      for (const request of calls) {
        const id = request.id ?? ctx.services.ids.next("call");
        const outcome = await executeTool(helpers.get(request.name), { id, name: request.name, args: request.args as Record<string, unknown> }, where, config);
        const content = outcome.error === null ? outcome.text : `Error: ${outcome.error}`;
        messages.push(new ToolMessage({ id: ctx.services.ids.next("msg"), tool_call_id: id, name: request.name, content }));
      }
    }
    throw new EngineError("INVALID_PLAN", `Planner "${data.name}" did not submit a plan within ${data.max_iterations} model calls (max_iterations)`, {
      nodeId: node.id,
    });
  };
}
