/**
 * The state editor of a breakpoint pause: a draft of the messages (edit text, delete, add)
 * and of each other editable channel (JSON text), turned into the `edits` of the answer —
 * only what changed, each channel checked against its type.
 */
import { checkChannelEdit, type BreakpointInterrupt } from "../../schema/index.js";
import { errorMessage } from "../../schema/errorMessage.js";

export interface MessageDraft {
  /** The message's id; null for one added here. */
  id: string | null;
  role: string;
  content: string;
  /** Kept from the original message (tool calls, tool call id), shown read-only. */
  extra: Record<string, unknown>;
}

export interface StateDraft {
  messages: MessageDraft[];
  /** Channel name → JSON text, for every editable channel but messages. */
  channels: Record<string, string>;
}

export type DraftEdits = { ok: true; edits: Record<string, unknown> } | { ok: false; problems: Record<string, string> };

/** The draft a pause starts from: its state as it is. */
export function draftOf(payload: Pick<BreakpointInterrupt, "state" | "channels">): StateDraft {
  const raw = Array.isArray(payload.state.messages) ? (payload.state.messages as Record<string, unknown>[]) : [];
  const messages = raw.map(({ id, role, content, ...extra }) => ({
    id: typeof id === "string" ? id : null,
    role: String(role ?? "human"),
    content: typeof content === "string" ? content : JSON.stringify(content ?? ""),
    extra,
  }));
  const channels: Record<string, string> = {};
  for (const name of Object.keys(payload.channels)) {
    if (name !== "messages") channels[name] = JSON.stringify(payload.state[name] ?? null, null, 2);
  }
  return { messages, channels };
}

function sameMessages(a: readonly MessageDraft[], b: readonly MessageDraft[]): boolean {
  return a.length === b.length && a.every((m, i) => m.id === b[i]?.id && m.content === b[i]?.content && m.role === b[i]?.role);
}

/**
 * The answer's edits: changed channels only, each parsed and type-checked; problems by channel.
 * @example editsOf(pause, { ...draftOf(pause), channels: { count: "3" } }) // { ok: true, edits: { count: 3 } }
 */
export function editsOf(payload: Pick<BreakpointInterrupt, "state" | "channels">, draft: StateDraft): DraftEdits {
  const start = draftOf(payload);
  const edits: Record<string, unknown> = {};
  const problems: Record<string, string> = {};
  if ("messages" in payload.channels && !sameMessages(start.messages, draft.messages)) {
    edits.messages = draft.messages.map((m) => ({ ...m.extra, ...(m.id ? { id: m.id } : {}), role: m.role, content: m.content }));
  }
  for (const [name, text] of Object.entries(draft.channels)) {
    if (text === start.channels[name]) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems[name] = `Channel "${name}" is not valid JSON: ${errorMessage(error)}`;
      continue;
    }
    const problem = checkChannelEdit(payload, name, value);
    if (problem) problems[name] = problem;
    else edits[name] = value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, edits };
}
