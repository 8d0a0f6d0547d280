/** The generated project's rule-based chat model (src/scriptedModel.ts), the offline stand-in the scripted profile compiles to. */
export const SCRIPTED_MODEL_SOURCE = `/**
 * A small chat model that answers from rules instead of a provider: the graph runs offline and
 * its tests are deterministic. Rules are tried in order; the first that matches the turn gives
 * the reply text and/or tool calls. With no match, a tool result is the answer, or the fallback.
 */
import { BaseChatModel, type BaseChatModelParams, type BindToolsInput } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { render, renderValue } from "./template.js";

/** What a rule's \`when\` condition sees. */
export interface TurnView {
  input: string;
  system: string;
  last: { role: string; content: string; tool: string };
  iteration: number;
  /** The id of the model profile answering. */
  profile: string;
  /** The graph's state, for the model of an LLM node (agents' rules see none). */
  state: Record<string, unknown>;
}

export interface ScriptRule {
  /** What the rule reacts to: the user's message, a tool result, or either. */
  on: "user" | "tool" | "any";
  /** Only a result of this tool. */
  tool?: string;
  /** Tested on the user's last message; its groups fill \`{{ match.<name> }}\`. */
  match?: RegExp;
  when?: (turn: TurnView) => boolean;
  reply?: string;
  toolCalls?: { name: string; args: Record<string, unknown> }[];
}

export interface Script {
  rules: ScriptRule[];
  fallback: string;
}

function textOf(message: BaseMessage | undefined): string {
  if (!message) return "";
  const content = message.content;
  if (typeof content === "string") return content;
  return content.map((part) => (typeof part === "string" ? part : "text" in part && typeof part.text === "string" ? part.text : "")).join("");
}

function readTurn(messages: readonly BaseMessage[]) {
  let input = "";
  let iteration = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i] as BaseMessage;
    if (message.getType() === "human") {
      input = textOf(message);
      break;
    }
    if (message.getType() === "ai") iteration += 1;
  }
  const first = messages[0];
  const system = first?.getType() === "system" ? textOf(first) : "";
  const last = messages.at(-1);
  // A handoff's result only says who answers now: the new agent reacts to the user's message.
  const lastTool = last && ToolMessage.isInstance(last) && !last.name?.startsWith("transfer_to_") ? (last.name ?? null) : null;
  return { input, system, last, lastTool, iteration };
}

let calls = 0;

const RESULT_REF = /\\{\\{(\\s*results\\.[^{}]*?)\\}\\}/g;
const KEPT_REF = /\\uE000([^\\uE000]*)\\uE000/g;

/** A call's arguments filled from the turn; a plan's \`{{ results.<id>… }}\` stay for Execute to fill when the action runs. */
function renderArgs(args: Record<string, unknown>, scope: Record<string, unknown>): Record<string, unknown> {
  const keep = JSON.parse(JSON.stringify(args).replace(RESULT_REF, "\\uE000$1\\uE000")) as Record<string, unknown>;
  return JSON.parse(JSON.stringify(renderValue(keep, scope)).replace(KEPT_REF, "{{$1}}")) as Record<string, unknown>;
}

export class ScriptedChatModel extends BaseChatModel {
  private readonly script: Script;
  private readonly agent: string;
  private readonly profileId: string;
  private readonly canCallTools: boolean;
  private readonly state: Record<string, unknown>;

  constructor(fields: { agent: string; script: Script; profile: string; canCallTools?: boolean; state?: Record<string, unknown> } & BaseChatModelParams) {
    super(fields);
    this.agent = fields.agent;
    this.script = fields.script;
    this.profileId = fields.profile;
    this.canCallTools = fields.canCallTools ?? false;
    this.state = fields.state ?? {};
  }

  /** The same rules, reading the graph's state (\`state.*\` in conditions and replies). */
  withState(state: Record<string, unknown>): ScriptedChatModel {
    return new ScriptedChatModel({ agent: this.agent, script: this.script, profile: this.profileId, canCallTools: this.canCallTools, state });
  }

  _llmType(): string {
    return "scripted";
  }

  override bindTools(tools: BindToolsInput[]) {
    return new ScriptedChatModel({ agent: this.agent, script: this.script, profile: this.profileId, canCallTools: tools.length > 0, state: this.state });
  }

  /** The reply the rules give for this conversation. */
  reply(messages: readonly BaseMessage[]): AIMessage {
    const turn = readTurn(messages);
    const view: TurnView = {
      input: turn.input,
      system: turn.system,
      last: { role: turn.last?.getType() ?? "none", content: textOf(turn.last), tool: turn.lastTool ?? "" },
      iteration: turn.iteration,
      profile: this.profileId,
      state: this.state,
    };
    for (const rule of this.script.rules) {
      const isTool = turn.lastTool !== null;
      if ((rule.on === "user" && isTool) || (rule.on === "tool" && !isTool)) continue;
      if (rule.tool && rule.tool !== turn.lastTool) continue;
      const found = rule.match ? rule.match.exec(turn.input) : null;
      if (rule.match && !found) continue;
      if (rule.when && !rule.when(view)) continue;
      const groups = found ? { ...found.groups, ...Object.fromEntries(found.map((value, i) => [String(i), value])) } : {};
      const scope = { input: turn.input, match: groups, tool_result: isTool ? textOf(turn.last) : "", state: this.state, agent: this.agent };
      const content = render(rule.reply ?? "", scope);
      const toolCalls = this.canCallTools
        ? (rule.toolCalls ?? []).map((call) => ({
            id: \`call_\${++calls}\`,
            name: call.name,
            args: renderArgs(call.args, scope),
            type: "tool_call" as const,
          }))
        : [];
      if (content || toolCalls.length > 0) return new AIMessage({ content, tool_calls: toolCalls });
    }
    return new AIMessage({ content: turn.lastTool !== null ? textOf(turn.last) : this.script.fallback });
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = this.reply(messages);
    return { generations: [{ text: textOf(message), message }] };
  }
}
`;
