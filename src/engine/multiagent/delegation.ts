/**
 * Delegation as a tool (seed 002): a parent calls a sub-agent with
 * `{ message, model?, temperature?, blocking }`. Blocking calls return the sub-agent's
 * final answer; non-blocking calls return a task handle and run in the background.
 * Agent tools (catalog kind `agent`) run a (typically hidden) agent the same blocking way.
 */
import type { LangGraphRunnableConfig } from "@langchain/langgraph/web";
import type { AgentData, GraphDocument, ToolDefinition } from "../../schema/index.js";
import { childMessageId, inheritedConfig, plainAnswerOf } from "../delegatedPause.js";
import { EngineError } from "../errors.js";
import type { NodeEmission } from "../events.js";
import { callPathOf, emit } from "../runtime.js";
import { depthError } from "./handoff.js";
import { describeAgent, type SubAgentLink } from "./hierarchy.js";
import { depthOf, rootThreadOf } from "./keys.js";
import type { Team } from "./team.js";
import { textArgument, type TurnContext, type TurnTool } from "./turnTool.js";

function forwardTo(config: LangGraphRunnableConfig): (emission: NodeEmission) => void {
  return (emission) => config.writer?.(emission);
}

function nsOf(config: LangGraphRunnableConfig): string {
  const ns = (config.configurable as Record<string, unknown> | undefined)?.checkpoint_ns;
  return typeof ns === "string" ? ns : "";
}

/**
 * Per-call overrides from the arguments, checked against the document's model profiles.
 * @example readOverrides({ model: "precise", temperature: 0.1 }, doc) // { model: "precise", temperature: 0.1 }
 */
export function readOverrides(args: Record<string, unknown>, document: GraphDocument): { model?: string; temperature?: number } {
  const out: { model?: string; temperature?: number } = {};
  if (args.model !== undefined && args.model !== null && args.model !== "") {
    const ids = document.models.map((m) => m.id);
    if (typeof args.model !== "string" || !ids.includes(args.model)) {
      throw new Error(`"model" must name a model profile of this graph (${ids.join(", ")}); got ${JSON.stringify(args.model)}`);
    }
    out.model = args.model;
  }
  if (args.temperature !== undefined && args.temperature !== null) {
    if (typeof args.temperature !== "number" || !(args.temperature >= 0 && args.temperature <= 2)) {
      throw new Error(`"temperature" must be a number from 0 to 2; got ${JSON.stringify(args.temperature)}`);
    }
    out.temperature = args.temperature;
  }
  return out;
}

/**
 * Runs `agent` for `message` as a nested call under this tool call and returns its answer.
 * A pause inside it pauses this run on the same interrupt (see delegatedPause.ts).
 */
function runBlocking(
  team: Team,
  from: string,
  agent: string,
  message: string,
  overrides: { model?: string; temperature?: number },
  turn: TurnContext,
): Promise<string> {
  const depth = depthOf(turn.config) + 1;
  if (depth > team.maxDepth) throw depthError(from, agent, depth, team.maxDepth);
  return team.runAgent({
    agent,
    message,
    rootThread: rootThreadOf(turn.config),
    depth,
    callPath: [...callPathOf(turn.config), { id: turn.callId, agent: null }],
    callId: `${turn.callId}:${agent}`,
    overrides,
    ...(turn.signal ? { signal: turn.signal } : {}),
    sink: forwardTo(turn.config),
    ns: nsOf(turn.config),
    // Stable across runs of this tool call's task, so a pause inside resumes instead of starting over.
    messageId: childMessageId(turn.config, `${turn.callId}:${agent}`),
    inherited: inheritedConfig(turn.config),
    plainAnswer: plainAnswerOf(turn.config),
  });
}

/**
 * The tool a parent gets for a sub-agent linked with mode `tool`.
 * @example delegationTool("Main", { agent: "Research", mode: "tool", blocking: false }, research.data, team, doc).spec.name // "Research"
 */
export function delegationTool(parent: string, link: SubAgentLink, child: AgentData, team: Team, document: GraphDocument): TurnTool {
  const profiles = document.models.map((m) => m.id);
  return {
    spec: {
      name: child.name,
      description: `Delegate a task to the ${child.name} sub-agent: ${describeAgent(child)} With blocking=true you wait for its answer; with blocking=false it works in the background, you get a task handle, and its result arrives in a later turn.`,
      parameters: {
        type: "object",
        properties: {
          message: { type: "string", description: `The task or question for ${child.name}` },
          model: { type: "string", enum: profiles, description: "Optional model profile for this call" },
          temperature: { type: "number", minimum: 0, maximum: 2, description: "Optional temperature for this call" },
          blocking: { type: "boolean", default: link.blocking, description: "Wait for the answer (true) or run in the background (false)" },
        },
        required: ["message"],
      },
    },
    returnDirect: false,
    async run(args, turn) {
      const message = textArgument(args, "message");
      const overrides = readOverrides(args, document);
      const blocking = typeof args.blocking === "boolean" ? args.blocking : link.blocking;
      if (blocking) return runBlocking(team, parent, child.name, message, overrides, turn);
      const depth = depthOf(turn.config) + 1;
      if (depth > team.maxDepth) throw depthError(parent, child.name, depth, team.maxDepth);
      const task = await team.tasks.queue({
        threadId: rootThreadOf(turn.config),
        parentAgent: parent,
        agent: child.name,
        toolCallId: turn.callId,
        message,
        overrides,
        depth,
      });
      emit(
        turn.config,
        { type: "delegation_queued", task_id: task.id, sub_agent: child.name, tool_call_id: turn.callId, message },
        { agent: parent, callId: turn.callId },
      );
      return { status: "queued", task_id: task.id, tool_call_id: turn.callId, mode: "non_blocking" };
    },
  };
}

/**
 * A catalog tool of kind `agent`: runs its agent (often hidden) and returns the answer.
 * @example agentCatalogTool("Main", jediTool, team).spec.name // "jedi_council"
 */
export function agentCatalogTool(caller: string, definition: Extract<ToolDefinition, { kind: "agent" }>, team: Team): TurnTool {
  const target = team.hierarchy.agents.get(definition.config.agent);
  if (!target) throw new EngineError("UNKNOWN_AGENT", `Tool "${definition.name}" runs agent "${definition.config.agent}", which is not in this graph`);
  const declared = definition.input_schema as { properties?: Record<string, unknown> };
  const parameters =
    declared.properties && Object.keys(declared.properties).length > 0
      ? definition.input_schema
      : { type: "object", properties: { message: { type: "string", description: `The task for ${target.data.name}` } }, required: ["message"] };
  return {
    spec: { name: definition.name, description: definition.description || `Ask ${target.data.name}: ${describeAgent(target.data)}`, parameters },
    returnDirect: definition.return_direct,
    run(args, turn) {
      const message = typeof args.message === "string" && args.message.trim() ? args.message : JSON.stringify(args);
      return runBlocking(team, caller, target.data.name, message, {}, turn);
    },
  };
}

/**
 * What an agent gets when its model calls a sub-agent it is not a parent of: a clear
 * refusal naming the agents that may call it (seed 002: callable only from assigned parents).
 * @example await notAParentTool("Tasks", "Emails", team)?.run({}, turn) // throws NOT_A_PARENT
 */
export function notAParentTool(caller: string, name: string, team: Team): TurnTool | undefined {
  const target = name.startsWith("transfer_to_") ? name.slice("transfer_to_".length) : name;
  if (!team.hierarchy.agents.has(target)) return undefined;
  const parents = team.hierarchy.parents(target).map((p) => p.agent);
  return {
    spec: { name, description: "", parameters: { type: "object", properties: {} } },
    returnDirect: false,
    run: async () => {
      throw new EngineError(
        "NOT_A_PARENT",
        `${caller} cannot call ${target} (NOT_A_PARENT): ${target} is callable only from its parent agents${parents.length ? ` (${parents.join(", ")})` : " and it has none; it is used through tools"}`,
      );
    },
  };
}
