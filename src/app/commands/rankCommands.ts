/** Which commands a palette query finds, best first. */
import type { Command } from "./command";

/**
 * How well a command matches a lower-case query; -1 when it does not. Every word of the query
 * must match: a title that starts with the query beats a title word that starts with it, which
 * beats a title containing it, which beats a word of the group or keywords starting with it.
 */
export function commandScore(command: Pick<Command, "title" | "group" | "keywords">, query: string): number {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  const title = command.title.toLowerCase();
  const extra = [command.group, ...(command.keywords ?? [])]
    .join(" ")
    .toLowerCase()
    .split(/[\s:/(),.-]+/);
  const phrase = words.join(" ");
  if (title.startsWith(phrase)) return 0;
  if (title.split(/[\s:/(),.-]+/).some((word) => word.startsWith(phrase))) return 1;
  if (title.includes(phrase)) return 2;
  return words.every((word) => title.includes(word) || extra.some((w) => w.startsWith(word))) ? 3 : -1;
}

/**
 * The commands a query finds, best match first; ties keep the registry's order.
 * @example rankCommands(commands, "save") // [Save version, …]
 */
export function rankCommands<C extends Pick<Command, "title" | "group" | "keywords">>(commands: readonly C[], query: string): C[] {
  return commands
    .map((command, index) => ({ command, index, score: commandScore(command, query) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.command);
}
