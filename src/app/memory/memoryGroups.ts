// The Memory panel's view of a graph's memories: one group per agent, in the order the worker
// lists them (agents by name, each agent's oldest memory first).
import type { MemoryEntry } from "../../worker/protocol";

export interface AgentMemories {
  agent: string;
  memories: MemoryEntry[];
}

/**
 * @example groupByAgent([{ agent: "A", key: "k", content: "x", updated }]) // [{ agent: "A", memories: [...] }]
 */
export function groupByAgent(memories: readonly MemoryEntry[]): AgentMemories[] {
  const groups = new Map<string, MemoryEntry[]>();
  for (const memory of memories) {
    const group = groups.get(memory.agent);
    if (group) group.push(memory);
    else groups.set(memory.agent, [memory]);
  }
  return [...groups].map(([agent, list]) => ({ agent, memories: list }));
}

/** When a memory was last written, in the reader's locale; the raw text when it is not a date. */
export function updatedLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
