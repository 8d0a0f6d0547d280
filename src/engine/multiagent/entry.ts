/**
 * The graph's entry node: who answers this turn. A follow-up turn goes to the parent
 * that queued the background task (or, for a task waiting for the user, asks the user); `@name` jumps to that agent (also one nested under
 * a top-level agent through handoffs); a stored active agent resumes; otherwise the
 * turn follows the flow from Start.
 */
import { Command, END, GraphInterrupt, type LangGraphRunnableConfig } from "@langchain/langgraph/web";
import { answersOf, plainAnswerOf } from "../delegatedPause.js";
import { emit, lastHumanMessage, textOf } from "../runtime.js";
import { routeTurn } from "../routing.js";
import type { GraphState } from "../state.js";
import type { Team } from "./team.js";

/** additional_kwargs key marking a follow-up turn's message with the task it reports. */
export const FOLLOW_UP_KEY = "graphwright_follow_up";

/**
 * @example graph.addNode(ENTRY_NODE, entryNode({ team, topLevel, startTargets }), { ends })
 */
export function entryNode(input: {
  team: Team;
  /** Top-level agents by name → their node name in the graph. */
  topLevel: ReadonlyMap<string, string>;
  startTargets: readonly string[];
}) {
  const { team, topLevel } = input;
  const reachable = new Map<string, string>();
  for (const agent of topLevel.keys()) {
    reachable.set(agent, agent);
    for (const nested of team.hierarchy.handoffDescendants(agent)) if (!reachable.has(nested)) reachable.set(nested, agent);
  }
  const owners = [...reachable.keys()];
  const goDefault = () => new Command({ goto: input.startTargets.length ? [...input.startTargets] : [END] });

  return async (state: GraphState, config: LangGraphRunnableConfig) => {
    const last = lastHumanMessage(state.messages);
    const followUp = last?.additional_kwargs?.[FOLLOW_UP_KEY];
    if (typeof followUp === "string") {
      const task = await team.tasks.get(followUp);
      if (!task) return goDefault();
      if (task.status === "waiting") {
        // The task's sub-agent waits for the user: this turn asks (the thread pauses on the
        // sub-agent's own interrupt), and the answer resumes the task in the background.
        const pending = task.pending ?? [];
        const answers = answersOf(config);
        const named = pending.find((p) => Object.prototype.hasOwnProperty.call(answers, p.id));
        // A plain resume (a generic LangGraph client's) answers the question this turn asks.
        const plain = named || !pending[0] ? null : plainAnswerOf(config)();
        const answered = named ?? (plain ? pending[0] : undefined);
        if (!answered) throw new GraphInterrupt(pending.slice(0, 1).map((p) => ({ id: p.id, value: p.payload })));
        await team.tasks.answer(task.id, answered.id, named ? answers[answered.id] : plain?.value);
        return new Command({ goto: END });
      }
      emit(
        config,
        {
          type: "delegation_completed",
          task_id: task.id,
          sub_agent: task.agent,
          tool_call_id: task.tool_call_id,
          status: task.status === "completed" ? "completed" : "failed",
          result: task.result,
          error: task.error,
        },
        { agent: task.parent_agent },
      );
      // The sub-agent's own events (its call, tool calls, replies), as it reported them in the background.
      for (const emission of team.tasks.takeEvents(task.id)) config.writer?.(emission);
      const owner = reachable.get(task.parent_agent);
      if (!owner) return goDefault();
      return new Command({ goto: topLevel.get(owner) as string, update: { active_agent: task.parent_agent } });
    }
    const route = routeTurn({ message: textOf(last), activeAgent: state.active_agent, agents: owners, self: null });
    if (route.kind === "default") return goDefault();
    const owner = reachable.get(route.agent) as string;
    emit(config, { type: "active_agent", from: state.active_agent ?? null, to: route.agent, reason: route.kind }, { agent: route.agent });
    return new Command({ goto: topLevel.get(owner) as string, update: { active_agent: route.agent } });
  };
}
