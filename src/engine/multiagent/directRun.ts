/**
 * Which graph a turn runs on: the document's graph on the user's thread, or — for a
 * direct run (seed 002) — one agent alone on its scoped thread, so it chats as the
 * root with its own history (the same history its delegations build).
 */
import type { CompiledDocument } from "../compile.js";
import { EngineError } from "../errors.js";
import { parseMention } from "../routing.js";
import { scopedThreadId } from "./hierarchy.js";
import { DEPTH_KEY, ROOT_THREAD_KEY } from "./keys.js";

/** Agents the entry node routes to in the main thread: top-level agents and their handoff sub-agents. */
function routableAgents(compiled: CompiledDocument): Set<string> {
  const { hierarchy } = compiled.team;
  const out = new Set<string>();
  for (const name of hierarchy.agents.keys()) {
    if (!hierarchy.isTopLevel(name)) continue;
    out.add(name);
    for (const nested of hierarchy.handoffDescendants(name)) out.add(nested);
  }
  return out;
}

/**
 * The agent a turn runs directly, if any: the one asked for, or one named by a leading
 * `@name` that the graph itself cannot route to (visible delegation sub-agents).
 * @example directRunAgent(compiled, "@Research what's new?") // "Research" when Research is a tool-mode sub-agent
 */
export function directRunAgent(compiled: CompiledDocument, message: string, requested?: string): string | null {
  const { agents } = compiled.team.hierarchy;
  if (requested !== undefined) {
    if (!agents.has(requested))
      throw new EngineError(
        "UNKNOWN_AGENT",
        `Cannot run "${requested}" directly: there is no agent by that name in this graph (agents: ${[...agents.keys()].join(", ")})`,
      );
    return requested;
  }
  const visible = [...agents.values()].filter((a) => !a.data.hidden).map((a) => a.data.name);
  const mentioned = parseMention(message, visible);
  if (!mentioned || routableAgents(compiled).has(mentioned)) return null;
  return mentioned;
}

/**
 * The graph and thread a turn runs on, or the error that stops it (reported as the run's error event).
 * @example turnTarget(compiled, "@Research news?", { threadId: "t1" }).configurable.thread_id // "t1::agent::Research"
 */
export function turnTarget(compiled: CompiledDocument, message: string, options: { threadId: string; agent?: string }) {
  try {
    const agent = directRunAgent(compiled, message, options.agent);
    if (!agent) return { graph: compiled.graph, configurable: { thread_id: options.threadId }, error: null };
    return {
      graph: compiled.team.rootGraph(agent) as unknown as CompiledDocument["graph"],
      configurable: { thread_id: scopedThreadId(options.threadId, agent), [ROOT_THREAD_KEY]: options.threadId, [DEPTH_KEY]: 0 },
      error: null,
    };
  } catch (error) {
    return { graph: compiled.graph, configurable: { thread_id: options.threadId }, error };
  }
}
