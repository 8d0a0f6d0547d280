/** The generated project's test support (tests/support.ts): replayed replies and the turn recorder. */
export const TEST_SUPPORT_SOURCE = `/**
 * What the graph's tests need around the graph: a model that replays recorded replies, and a
 * turn runner that collects the turn's reply and every tool call (sub-agents' included).
 */
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { BaseChatModel, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult, LLMResult } from "@langchain/core/outputs";
import { Command } from "@langchain/langgraph";

export interface RecordedReply {
  content: string;
  tool_calls: { id: string; name: string; args: Record<string, unknown> }[];
}

/** Answers with an agent's recorded replies, in order. */
export class ReplayChatModel extends BaseChatModel {
  constructor(
    private readonly agent: string,
    private readonly replies: RecordedReply[],
  ) {
    super({});
  }

  _llmType(): string {
    return "replay";
  }

  override bindTools(_tools: BindToolsInput[]) {
    return this;
  }

  async _generate(_messages: BaseMessage[]): Promise<ChatResult> {
    const reply = this.replies.shift();
    if (!reply) throw new Error(\`The recording has no further reply from "\${this.agent}"\`);
    const message = new AIMessage({ content: reply.content, tool_calls: reply.tool_calls.map((call) => ({ ...call, type: "tool_call" as const })) });
    return { generations: [{ text: reply.content, message }] };
  }
}

export interface ToolCall {
  name: string;
  args: Record<string, unknown>;
}

/** What one turn did: its last reply with text, the tool calls of every model call, the route a Router chose and the state after it. */
export interface TurnFacts {
  reply: string | null;
  toolCalls: ToolCall[];
  routes: string[];
  state: Record<string, unknown> | null;
}

class TurnRecorder extends BaseCallbackHandler {
  name = "turn-recorder";
  readonly replies: string[] = [];
  readonly toolCalls: ToolCall[] = [];

  /** A model's reply; an agent's tool calls are counted when they run (see handleCustomEvent), others when asked for. */
  override handleLLMEnd(output: LLMResult, _runId: string, _parentRunId?: string, tags?: string[]): void {
    const agentModel = tags?.includes("agent_loop") ?? false;
    for (const generation of output.generations.flat()) {
      const message = (generation as { message?: BaseMessage }).message;
      if (!message || !AIMessage.isInstance(message)) continue;
      if (typeof message.content === "string" && message.content.trim() !== "") this.replies.push(message.content);
      if (!agentModel) for (const call of message.tool_calls ?? []) this.toolCalls.push({ name: call.name, args: call.args });
    }
  }

  /**
   * A tool call reported as it runs or as a person refuses it (an agent's calls, a Tool node's refused
   * call): a call waiting for approval counts in the turn that answers it, with the arguments it runs with.
   */
  override handleCustomEvent(eventName: string, data: unknown): void {
    if (eventName !== "tool_call" || !data || typeof data !== "object") return;
    const { name, args } = data as { name?: unknown; args?: unknown };
    if (typeof name === "string") this.toolCalls.push({ name, args: args && typeof args === "object" ? (args as Record<string, unknown>) : {} });
  }

  /** A Tool node's call (no model asked for it): the node marks it with \`tool_node\` in its metadata. */
  override handleToolStart(_tool: unknown, input: string, _runId: string, _parentRunId?: string, _tags?: string[], metadata?: Record<string, unknown>, runName?: string): void {
    if (typeof metadata?.tool_node !== "string") return;
    let args: unknown;
    try {
      args = JSON.parse(input);
    } catch {
      args = { input };
    }
    this.toolCalls.push({ name: runName ?? "", args: args && typeof args === "object" ? (args as Record<string, unknown>) : { input: args } });
  }
}

interface Invokable {
  invoke(input: { messages: BaseMessage[] } | Command<unknown, never, never>, config: { configurable: { thread_id: string }; callbacks: BaseCallbackHandler[] }): Promise<Record<string, unknown>>;
}

/** The route a Router chose in the turn that ended in \`state\` (a plan from an earlier turn does not count). */
function routeOfTurn(state: Record<string, unknown>): string | null {
  const route = state.route as { kind?: unknown; turn?: unknown } | null | undefined;
  const messages = Array.isArray(state.messages) ? (state.messages as BaseMessage[]) : [];
  const turn = messages.findLast((message) => message.getType() === "human")?.id ?? null;
  return route && typeof route.kind === "string" && route.turn === turn ? route.kind : null;
}

/**
 * Plays one turn — a message, or \`{ resume }\`: the answer to the pause the thread waits at (an
 * approval or a question) — then the follow-up turns of background tasks it started (\`followUps\`
 * gives their messages once they settle): a turn's facts include its follow-ups, as in the graph's runs.
 */
export async function playTurn(
  graph: Invokable,
  threadId: string,
  message: string | { resume: unknown },
  followUps?: () => Promise<string[]>,
): Promise<TurnFacts> {
  const recorder = new TurnRecorder();
  const config = { configurable: { thread_id: threadId }, callbacks: [recorder] };
  const routes: string[] = [];
  let state = await graph.invoke(typeof message === "string" ? { messages: [new HumanMessage(message)] } : new Command({ resume: message.resume }), config);
  const noteRoute = () => {
    const route = routeOfTurn(state);
    if (route !== null) routes.push(route);
  };
  noteRoute();
  for (let pending = (await followUps?.()) ?? []; pending.length > 0; pending = (await followUps?.()) ?? []) {
    for (const followUp of pending) {
      state = await graph.invoke({ messages: [new HumanMessage(followUp)] }, config);
      noteRoute();
    }
  }
  return { reply: directReply(state) ?? recorder.replies.at(-1) ?? null, toolCalls: recorder.toolCalls, routes, state };
}

/** The answer a returnDirect tool gave, when it ended the turn: no model call gave it, so the recorder did not see it. */
function directReply(state: Record<string, unknown>): string | null {
  const last = Array.isArray(state.messages) ? (state.messages as BaseMessage[]).at(-1) : undefined;
  return last && AIMessage.isInstance(last) && last.response_metadata.return_direct === true ? last.text : null;
}

/** True when \`actual\` has everything \`expected\` has: objects may carry more keys, arrays match item by item. */
export function matchesPartially(expected: unknown, actual: unknown): boolean {
  if (Array.isArray(expected)) return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => matchesPartially(item, actual[i]));
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return false;
    return Object.entries(expected).every(([key, value]) => Object.hasOwn(actual, key) && matchesPartially(value, (actual as Record<string, unknown>)[key]));
  }
  return Object.is(expected, actual);
}

/** Whether a call's arguments hold \`args\` and match each \`argsMatch\` pattern. */
export function argsMatch(call: ToolCall, args: Record<string, unknown> | undefined, argsMatch: Record<string, RegExp> = {}): boolean {
  if (args && !matchesPartially(args, call.args)) return false;
  return Object.entries(argsMatch).every(([key, pattern]) => {
    if (!Object.hasOwn(call.args, key)) return false;
    const value = call.args[key];
    return pattern.test(typeof value === "string" ? value : JSON.stringify(value));
  });
}

export function callsText(calls: readonly ToolCall[]): string {
  return calls.length === 0 ? "(no tool calls)" : calls.map((call) => \`\${call.name} \${JSON.stringify(call.args)}\`).join("\\n");
}
`;
