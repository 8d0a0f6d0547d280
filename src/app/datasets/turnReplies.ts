/**
 * `Add to dataset` on a user turn proposes the reply that followed it as the expected output:
 * the last reply with text before the next user message (a turn whose agents handed over ends
 * with the reply the person read last). Pure over the chat the playground derives.
 */
import type { ChatMessage } from "../playground/chatMessages";

/**
 * The reply that answered each user message, by the user message's id; turns without one are absent.
 * @example repliesAfterTurns([user("u1", "Hi"), reply("r1", "Hello")]).get("u1") // "Hello"
 */
export function repliesAfterTurns(messages: readonly ChatMessage[]): ReadonlyMap<string, string> {
  const replies = new Map<string, string>();
  let turn: string | null = null;
  for (const message of messages) {
    if (message.kind === "user") turn = message.id;
    else if (message.kind === "reply" && turn !== null && message.text.trim() !== "") replies.set(turn, message.text);
  }
  return replies;
}
