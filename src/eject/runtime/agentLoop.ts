/** The generated project's agent loop (src/agentLoop.ts): model ⇄ tools, as the engine's agent node runs it. */
export const AGENT_LOOP_SOURCE = `/**
 * The agent loop every Agent node runs: the model, bound to the agent's tools, answers; while it
 * calls tools, the tool node runs them and the model answers again, up to \`maxIterations\` model
 * calls in one turn. A tool that fails answers \`Error: <message>\`, which the model reads; the
 * result of a \`returnDirect\` tool is the agent's answer, and ends the turn.
 *
 * Handoffs: a \`transfer_to_<name>\` tool call moves the turn to that sub-agent (a node of this
 * loop), which answers from then on, in later turns too, until it calls \`request_help\`. A
 * sub-agent may hand off further: \`@name\` and a lasting handoff reach any agent below, through
 * the sub-agent above it.
 */
import { randomUUID } from "node:crypto";
import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch";
import { AIMessage, SystemMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { RunnableConfig } from "@langchain/core/runnables";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { Annotation, Command, END, isGraphBubbleUp, MessagesAnnotation, START, StateGraph, type LangGraphRunnableConfig } from "@langchain/langgraph";
import { z } from "zod";

const LoopState = Annotation.Root({
  ...MessagesAnnotation.spec,
  system: Annotation<string>(),
  /** The agent answering the conversation: this one, or a sub-agent it handed off to. */
  active_agent: Annotation<string | null>({ reducer: (_left, right) => right, default: () => null }),
});
type LoopState = typeof LoopState.State;

/** What one turn of an agent added to the conversation, and who answers next. */
export interface TurnResult {
  messages: BaseMessage[];
  activeAgent: string | null;
}

/** A sub-agent's turn over the whole conversation, as a handoff runs it. */
export type HandoffTurn = (messages: BaseMessage[], activeAgent: string | null, config?: RunnableConfig) => Promise<TurnResult>;

/** A person's answer about a tool call: run it with these (maybe edited) arguments, or not (the note is its error). */
export type CallApproval = { run: true; args: Record<string, unknown> } | { run: false; note: string };

export interface AgentLoopOptions {
  name: string;
  model: BaseChatModel;
  tools: StructuredToolInterface[];
  maxIterations: number;
  /** Sub-agents this agent hands off to, by name. */
  handoffs?: Record<string, HandoffTurn>;
  /** The agents each sub-agent hands off to in turn, at any depth, by sub-agent. */
  nested?: Record<string, string[]>;
  /** The agent that handed the conversation to this one: \`request_help\` gives it back. */
  supervisor?: string;
  /**
   * A tool the model must call in its first reply of a turn. When it does not, the fallback (from
   * the user's message) stands in as the tool's result and the model answers again without tools;
   * when the tool returns nothing, the fallback is its result.
   */
  forcedTool?: { name: string; fallback: (input: string) => string };
  /** Strips tool calls written as text (\`<tool_call>…\`, \`name({…})\`) from replies. */
  sanitize?: (text: string, tools: readonly string[]) => string;
  /**
   * Asks a person about a call before it runs (destructive tools; it may pause the run with
   * \`interrupt()\`); null: the call needs no answer.
   */
  approve?: (call: { name: string; args: Record<string, unknown> }) => CallApproval | null;
}

const TRANSFER_PREFIX = "transfer_to_";

/**
 * The tag of an agent's model calls. Their tool calls are reported when they run, as a
 * \`tool_call\` custom event with the arguments they run with (a person may have edited them).
 */
export const AGENT_MODEL_TAG = "agent_loop";

/** The tool that hands the conversation to a sub-agent. */
export function transferTool(agent: string, description: string) {
  return tool(() => \`Transferred to \${agent}.\`, {
    name: \`\${TRANSFER_PREFIX}\${agent}\`,
    description: \`Hand the conversation to \${agent}: \${description} It answers from now on, until it hands back.\`,
    schema: z.object({}),
  });
}

/** The tool a sub-agent calls to give the conversation back to its supervisor. */
export function requestHelpTool(supervisor: string) {
  return tool(({ reason }) => \`Escalated to \${supervisor}\${reason ? \`: \${reason}\` : "."}\`, {
    name: "request_help",
    description: \`Escalate to your supervisor \${supervisor} when the request is outside your role or you are unsure.\`,
    schema: z.object({ reason: z.string().optional().describe("What you need help with") }),
  });
}

/** Where the configurable of a run lists the delegated agents a pause comes through, outermost first. */
export const PAUSE_VIA = "pause_via";

/**
 * The config a delegated agent's turn runs with: its caller's callbacks (not its conversation: it has
 * its own), and the agents its pauses come through, so a person sees who asks.
 */
export function delegatedConfig(config: RunnableConfig | undefined, agent: string): RunnableConfig {
  const via = config?.configurable?.[PAUSE_VIA];
  return { callbacks: config?.callbacks, configurable: { [PAUSE_VIA]: [...(Array.isArray(via) ? via : []), agent] } };
}

/**
 * The reply as the agent's: a new message rather than a changed one, because a checkpoint stores a
 * message as it was built, and a name set afterwards would be gone in the next turn.
 */
function named(reply: AIMessage, agent: string): AIMessage {
  return new AIMessage({
    id: reply.id,
    name: agent,
    content: reply.content,
    tool_calls: reply.tool_calls ?? [],
    invalid_tool_calls: reply.invalid_tool_calls ?? [],
    additional_kwargs: reply.additional_kwargs,
    response_metadata: reply.response_metadata,
    ...(reply.usage_metadata ? { usage_metadata: reply.usage_metadata } : {}),
  });
}

/** Model calls the agent made since the user's last message. */
function modelCallsThisTurn(messages: readonly BaseMessage[], agent: string): number {
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as BaseMessage;
    if (message.getType() === "human") break;
    if (message.getType() === "ai" && message.name === agent) count++;
  }
  return count;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const lastHumanText = (messages: readonly BaseMessage[]) => messages.findLast((m) => m.getType() === "human")?.text ?? "";

const succeeded = (messages: readonly BaseMessage[], name: string) =>
  messages.some((m) => ToolMessage.isInstance(m) && m.name === name && m.status !== "error");

/** The sub-agent a leading \`@name\` in the user's last message mentions, among \`names\`. */
function mentioned(messages: readonly BaseMessage[], names: readonly string[]): string | null {
  const last = messages.findLast((m) => m.getType() === "human");
  const match = /^\\s*@([A-Za-z][A-Za-z0-9_-]*)/.exec(last?.text ?? "");
  const wanted = match?.[1]?.toLowerCase();
  return names.find((name) => name.toLowerCase() === wanted) ?? null;
}

/**
 * Compiles an agent's loop (call_model ⇄ call_tools, and a node per handoff sub-agent) and
 * returns its turn: given the system prompt and the conversation, what the agent added.
 */
export function agentLoop({ name, model, tools, maxIterations, handoffs = {}, nested = {}, supervisor, forcedTool, sanitize, approve }: AgentLoopOptions) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const children = Object.keys(handoffs);
  const below = [...children, ...Object.values(nested).flat()];
  /** The sub-agent of this loop that leads to \`agent\` (itself, or the one above it). */
  const toward = (agent: string | null) => (agent === null ? null : children.includes(agent) ? agent : (children.find((c) => nested[c]?.includes(agent)) ?? null));
  if (tools.length > 0 && !model.bindTools) throw new Error(\`The model of \${name} cannot call tools\`);
  const bound = tools.length > 0 && model.bindTools ? model.bindTools(tools) : model;

  /**
   * @name or a handoff that lasts from an earlier turn sends the turn toward an agent below; otherwise this
   * agent answers, and the active agent stays as it was (only a handoff or request_help changes it).
   */
  function currentActiveAgent(state: LoopState) {
    const target = mentioned(state.messages, below) ?? (toward(state.active_agent) ? state.active_agent : null);
    const child = toward(target);
    return child ? new Command({ goto: child, update: { active_agent: target } }) : new Command({ goto: "call_model" });
  }

  async function callModel(state: LoopState, config: LangGraphRunnableConfig) {
    if (modelCallsThisTurn(state.messages, name) >= maxIterations) {
      throw new Error(\`Agent "\${name}" called its model \${maxIterations} times in one turn without finishing (max_iterations)\`);
    }
    const forced = forcedTool && modelCallsThisTurn(state.messages, name) === 0 ? forcedTool : null;
    // The instruction goes into the system prompt: some providers accept system text only first.
    const system = forced ? \`\${state.system}\\n\\nBefore you answer, call the tool "\${forced.name}". Answer only from its result.\` : state.system;
    const tagged = { ...config, tags: [...(config.tags ?? []), AGENT_MODEL_TAG] };
    const reply = named(await bound.invoke([new SystemMessage(system), ...state.messages], tagged), name);
    if (!forced || (reply.tool_calls ?? []).some((call) => call.name === forced.name)) return { messages: [clean(reply)] };
    // The model skipped the forced tool: its fallback answers the call, and the model answers again without tools.
    const id = \`call_\${randomUUID()}\`;
    const call = new AIMessage({ id: reply.id, name, content: "", tool_calls: [{ id, name: forced.name, args: {}, type: "tool_call" }] });
    const answer = new ToolMessage({ tool_call_id: id, name: forced.name, content: forced.fallback(lastHumanText(state.messages)) });
    const again = named(await model.invoke([new SystemMessage(state.system), ...state.messages, call, answer], tagged), name);
    return { messages: [call, answer, clean(again)] };
  }

  /** The reply without pseudo tool-call text, when the agent sanitizes. */
  function clean(reply: AIMessage): AIMessage {
    if (!sanitize || typeof reply.content !== "string") return reply;
    const text = sanitize(reply.content, [...byName.keys()]);
    return text === reply.content ? reply : new AIMessage({ id: reply.id, name: reply.name, content: text, tool_calls: reply.tool_calls ?? [] });
  }

  /**
   * Runs the last reply's tool calls, then goes on: to a sub-agent it transferred to, out (request_help), or back to the model.
   * Calls that need a person's approval are all asked about first: a resumed node runs again from its start,
   * so asking one at a time would run the reply's earlier tools again.
   */
  async function callTools(state: LoopState, config: LangGraphRunnableConfig) {
    const last = state.messages.at(-1);
    const calls = last && AIMessage.isInstance(last) ? (last.tool_calls ?? []) : [];
    const approvals = calls.map((call) => approve?.({ name: call.name, args: call.args }) ?? null);
    const results: ToolMessage[] = [];
    for (const [i, call] of calls.entries()) {
      const id = call.id ?? \`\${call.name}-\${results.length}\`;
      const found = byName.get(call.name);
      const approval = approvals[i];
      await dispatchCustomEvent("tool_call", { name: call.name, args: approval?.run ? approval.args : call.args }, config);
      if (approval && !approval.run) {
        results.push(new ToolMessage({ tool_call_id: id, name: call.name, content: \`Error: \${approval.note}\`, status: "error" }));
        continue;
      }
      try {
        if (!found) throw new Error(\`\${name} has no tool "\${call.name}"\`);
        let message: unknown = await found.invoke({ ...call, args: approval ? approval.args : call.args, id, type: "tool_call" }, config);
        if (forcedTool?.name === call.name && (ToolMessage.isInstance(message) ? message.text : String(message)).trim() === "") {
          message = forcedTool.fallback(lastHumanText(state.messages));
        }
        results.push(
          ToolMessage.isInstance(message)
            ? message
            : new ToolMessage({ tool_call_id: id, name: call.name, content: typeof message === "string" ? message : JSON.stringify(message) }),
        );
      } catch (error) {
        // A pause (ask_user's interrupt) is not a failure: it goes up to the graph, which waits for the answer.
        if (isGraphBubbleUp(error)) throw error;
        results.push(new ToolMessage({ tool_call_id: id, name: call.name, content: \`Error: \${errorText(error)}\`, status: "error" }));
      }
    }
    // A returnDirect tool's result is the agent's answer: the turn ends without asking the model again.
    const direct = results.filter((m) => m.status !== "error" && byName.get(m.name ?? "")?.returnDirect).map((m) => m.text);
    const messages: BaseMessage[] = direct.length > 0 ? [...results, new AIMessage({ name, content: direct.join("\\n\\n"), response_metadata: { return_direct: true } })] : results;
    const transferredTo = children.find((child) => succeeded(results, \`\${TRANSFER_PREFIX}\${child}\`));
    if (transferredTo) return new Command({ goto: transferredTo, update: { messages, active_agent: transferredTo } });
    // request_help gives the conversation back: the supervisor answers next.
    if (succeeded(results, "request_help")) return new Command({ goto: END, update: { messages, active_agent: supervisor ?? name } });
    return new Command({ goto: direct.length > 0 ? END : "call_model", update: { messages } });
  }

  const loop = new StateGraph(LoopState)
    .addNode("current_active_agent", currentActiveAgent, { ends: ["call_model", ...children] })
    .addNode("call_model", callModel)
    .addNode("call_tools", callTools, { ends: ["call_model", END, ...children] })
    .addEdge(START, "current_active_agent")
    .addConditionalEdges("call_model", (state) => {
      const last = state.messages.at(-1);
      return last && AIMessage.isInstance(last) && (last.tool_calls?.length ?? 0) > 0 ? "call_tools" : END;
    });
  for (const [child, turn] of Object.entries(handoffs)) {
    // After the sub-agent's turn: it gave the conversation back (back to this agent's model), or the turn is over.
    loop.addNode(
      child as "call_model",
      async (state: LoopState, config: LangGraphRunnableConfig) => {
        const result = await turn(state.messages, state.active_agent, config);
        const escalated = result.activeAgent === name;
        return new Command({
          goto: escalated ? "call_model" : END,
          update: { messages: result.messages, active_agent: escalated ? name : (result.activeAgent ?? child) },
        });
      },
      { ends: ["call_model", END] },
    );
  }
  const compiled = loop.compile({ name });

  return async (system: string, messages: BaseMessage[], config?: RunnableConfig, activeAgent: string | null = null): Promise<TurnResult> => {
    const result = await compiled.invoke({ system, messages, active_agent: activeAgent }, config);
    return { messages: result.messages.slice(messages.length), activeAgent: result.active_agent };
  };
}
`;
