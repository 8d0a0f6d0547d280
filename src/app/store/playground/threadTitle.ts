// Thread titles: the placeholder of an empty thread, and a title taken from a first message.

export const DEFAULT_THREAD_TITLE = "New thread";
const TITLE_LENGTH = 60;

/**
 * A thread title from its first message.
 * @example titleFrom("  What's the weather\nin Paris? ") // "What's the weather in Paris?"
 */
export function titleFrom(message: string): string {
  const flat = message.replace(/\s+/g, " ").trim();
  if (!flat) return DEFAULT_THREAD_TITLE;
  return flat.length > TITLE_LENGTH ? `${flat.slice(0, TITLE_LENGTH - 1)}…` : flat;
}
