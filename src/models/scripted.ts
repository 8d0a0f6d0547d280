/**
 * The built-in scripted model: deterministic replies and tool calls from per-agent
 * rules (regex or CEL), streamed token by token. Every template runs on it offline.
 */
import { AIMessageChunk, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { compileUserRegex, estimateTokens, type Script, type ScriptRule, type UserRegexMatch } from "../schema/index.js";
import {
  evaluateCondition,
  ModelError,
  protectResultRefs,
  randomId,
  renderTemplate,
  restoreResultRefs,
  renderValue,
  textOf,
  type ChatModelPort,
  type ModelCallOptions,
  type ModelRequest,
  USAGE_ESTIMATED_KEY,
} from "../engine/index.js";

const DEFAULT_SCRIPT: Script = { rules: [], fallback: "I have no scripted answer for that.", tokens_per_second: 0 };

interface Turn {
  input: string;
  /** The call's system prompt: rules may tell prompt variants apart by it. */
  system: string;
  last: BaseMessage | undefined;
  lastTool: string | null;
  iteration: number;
}

function readTurn(messages: readonly BaseMessage[]): Turn {
  let input = "";
  let iteration = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i] as BaseMessage;
    const type = m.getType();
    if (type === "human") {
      input = textOf(m);
      break;
    }
    if (type === "ai") iteration += 1;
  }
  const first = messages[0];
  const system = first && first.getType() === "system" ? textOf(first) : "";
  const last = messages.at(-1);
  // A handoff (transfer_to_*) result only says who answers now: the new agent reacts to the user's message.
  const lastTool = last && ToolMessage.isInstance(last) && !last.name?.startsWith("transfer_to_") ? (last.name ?? null) : null;
  return { input, system, last, lastTool, iteration };
}

function matches(rule: ScriptRule, turn: Turn, state: Readonly<Record<string, unknown>>, profile: string): UserRegexMatch | true | null {
  const isTool = turn.lastTool !== null;
  if (rule.on === "user" && isTool) return null;
  if (rule.on === "tool" && !isTool) return null;
  if (rule.tool && rule.tool !== turn.lastTool) return null;
  let found: UserRegexMatch | true = true;
  if (rule.match) {
    const m = compileUserRegex(rule.match, rule.flags ?? "i").exec(turn.input);
    if (!m) return null;
    found = m;
  }
  if (rule.when) {
    const last = { role: turn.last?.getType() ?? "none", content: textOf(turn.last), tool: turn.lastTool ?? "" };
    if (!evaluateCondition(rule.when, { input: turn.input, state, last, iteration: turn.iteration, system: turn.system, profile })) return null;
  }
  return found;
}

/** Splits text into word-sized tokens that concatenate back to the text. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+/g) ?? [];
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ModelError("aborted", "The model call was cancelled"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ModelError("aborted", "The model call was cancelled"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * A fresh tool call id. Ids must be unique in a thread, across its runs and its sub-agents'
 * scoped histories (a count of messages repeats there), so they are random, not numbered.
 */
function newCallId(): string {
  return `call_${randomId().replaceAll("-", "").slice(0, 24)}`;
}

/**
 * Decides the scripted reply for a conversation: text and tool calls. `profile` is the id of the
 * model profile answering, which `when` conditions see (so an evaluation's model variants can differ offline).
 */
export function scriptedReply(
  script: Script,
  messages: readonly BaseMessage[],
  options: Pick<ModelCallOptions, "tools" | "state">,
  agent: string,
  profile = "",
): { text: string; toolCalls: { id: string; name: string; args: Record<string, unknown> }[] } {
  const turn = readTurn(messages);
  for (const rule of script.rules) {
    const found = matches(rule, turn, options.state, profile);
    if (!found) continue;
    const groups = found === true ? {} : { ...found.groups, ...Object.fromEntries(found.captures.map((v, i) => [String(i), v])) };
    const scope = { input: turn.input, match: groups, tool_result: turn.lastTool ? textOf(turn.last) : "", state: options.state, agent };
    // `{{ results.<id>… }}` in a scripted plan is filled when the action runs, not here.
    const text = restoreResultRefs(renderTemplate(protectResultRefs(rule.reply ?? ""), scope));
    const canCall = options.tools.length > 0;
    const toolCalls = canCall
      ? rule.tool_calls.map((call) => ({
          id: newCallId(),
          name: call.name,
          args: restoreResultRefs(renderValue(protectResultRefs(call.args), scope)) as Record<string, unknown>,
        }))
      : [];
    if (text || toolCalls.length) return { text, toolCalls };
  }
  // With no rule for a tool result, the result itself is the answer.
  return { text: turn.lastTool ? textOf(turn.last) : script.fallback, toolCalls: [] };
}

/** The text a message stands for when its tokens are estimated: its text and the JSON of its tool calls. */
function countedText(message: BaseMessage): string {
  const calls = "tool_calls" in message && Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return textOf(message) + calls.map((c: { name: string; args: unknown }) => c.name + JSON.stringify(c.args)).join("");
}

/**
 * The usage the scripted model reports, estimated (`estimateTokens`, about four characters a
 * token): the prompt's messages in, the reply's text and tool calls out. No provider counts
 * these, so they are marked `estimated`.
 */
function estimatedUsage(messages: readonly BaseMessage[], reply: ReturnType<typeof scriptedReply>) {
  const input_tokens = estimateTokens(messages.map(countedText).join(""));
  const output_tokens = estimateTokens(reply.text + reply.toolCalls.map((c) => c.name + JSON.stringify(c.args)).join(""));
  return { input_tokens, output_tokens, total_tokens: input_tokens + output_tokens };
}

/**
 * Creates the scripted model for one agent. Its last chunk carries an estimate of the call's
 * tokens (see `estimatedUsage`).
 * @example createScriptedModel({ profile, profiles: [profile], agent: "Assistant", script })
 */
export function createScriptedModel(request: ModelRequest): ChatModelPort {
  const script = request.script ?? DEFAULT_SCRIPT;
  return {
    profileId: request.profile.id,
    provider: "scripted",
    supportsTools: request.profile.tool_calling,
    async *stream(messages, options) {
      const reply = scriptedReply(script, messages, options, request.agent, request.profile.id);
      const delay = script.tokens_per_second > 0 ? 1000 / script.tokens_per_second : 0;
      const meta = { graphwright_profile: request.profile.id };
      for (const token of tokenize(reply.text)) {
        if (options.signal?.aborted) throw new ModelError("aborted", "The model call was cancelled");
        if (delay > 0) await sleep(delay, options.signal);
        yield new AIMessageChunk({ content: token, response_metadata: meta });
      }
      if (reply.toolCalls.length > 0) {
        yield new AIMessageChunk({
          content: "",
          response_metadata: meta,
          tool_call_chunks: reply.toolCalls.map((c, index) => ({
            id: c.id,
            name: c.name,
            args: JSON.stringify(c.args),
            index,
            type: "tool_call_chunk" as const,
          })),
        });
      }
      yield new AIMessageChunk({
        content: "",
        response_metadata: { ...meta, [USAGE_ESTIMATED_KEY]: "estimated" },
        usage_metadata: estimatedUsage(messages, reply),
      });
    },
  };
}
