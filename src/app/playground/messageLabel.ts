// The accessible name of a chat message. It is computed on every render of a streaming reply,
// so it reads only as much of the text as the name can show, never the whole reply.
import type { ChatMessage } from "./chatMessages";

/**
 * The accessible name of a message: its author, then the start of its text.
 * @example messageLabel({ kind: "user", id: "1", runId: "r", author: "User", text: "hi\n there" }) // "User: hi there"
 */
export function messageLabel(message: ChatMessage, max = 120): string {
  const text = labelText(message.text, max);
  if (text) return `${message.author}: ${text}`;
  if (message.kind === "reply" && message.toolCalls.length > 0) return `${message.author}: called ${message.toolCalls.map((c) => c.tool).join(", ")}`;
  return message.author;
}

/**
 * `text` with its whitespace collapsed and trimmed, cut to `max` characters (the last one an
 * ellipsis when cut). Works on a prefix, doubled until it decides the answer: the same result
 * as collapsing the whole text, in time that depends on `max`, not on the text's length.
 * @example labelText("a\n\n  b", 120) // "a b"
 */
export function labelText(text: string, max: number): string {
  for (let size = 2 * max + 16; ; size *= 2) {
    const whole = size >= text.length;
    const collapsed = (whole ? text : text.slice(0, size)).replace(/\s+/g, " ").trimStart();
    if (whole) {
      const trimmed = collapsed.trimEnd();
      return trimmed.length > max ? `${trimmed.slice(0, max - 1)}…` : trimmed;
    }
    // Only a trailing space of the prefix can differ from the whole text (the rest may be blank),
    // so one character beyond `max` plus that space settles that the text is cut.
    if (collapsed.length > max + 1) return `${collapsed.slice(0, max - 1)}…`;
  }
}
