/**
 * A run kept apart from everything else: a document compiled on a fresh MemorySaver, its own
 * background tasks and long-term memory, and turns played as the app and the CLI play them
 * (follow-up turns of queued background tasks included). Graph tests and evaluations share it,
 * so neither reads a playground thread or writes the user's memories.
 */
import { InMemoryStore, MemorySaver } from "@langchain/langgraph/web";
import { compileGraph, type CompiledDocument } from "../compile.js";
import type { RunEvent } from "../events.js";
import { runFollowUp } from "../multiagent/followUp.js";
import type { EngineServices, ModelResolver } from "../ports.js";
import { runGraph, type RunInput } from "../run.js";
import type { GraphDocument } from "../../schema/index.js";

/**
 * Compiles `document` on its own checkpointer, task store and memory store, with `models`.
 * Throws what compileGraph throws.
 * @example const compiled = compileIsolated(document, services, services.models);
 */
export function compileIsolated(document: GraphDocument, services: EngineServices, models: ModelResolver): CompiledDocument {
  const { tasks: _tasks, checkpointer: _checkpointer, store: _store, ...shared } = services;
  return compileGraph(document, { ...shared, models, checkpointer: new MemorySaver(), store: new InMemoryStore() });
}

/**
 * Plays one turn, then the follow-up turns of the background tasks it queued, as the app and the CLI do.
 * @example const events = await playTurn(compiled, { message: "hi" }, "test-1", signal);
 */
export async function playTurn(compiled: CompiledDocument, input: RunInput, threadId: string, signal: AbortSignal | undefined): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  const queued: string[] = [];
  const options = { threadId, ...(signal ? { signal } : {}) };
  const take = (event: RunEvent) => {
    events.push(event);
    if (event.type === "delegation_queued") queued.push(event.task_id);
  };
  for await (const event of runGraph(compiled, input, options)) take(event);
  while (queued.length > 0 && !signal?.aborted) {
    const id = queued.shift() as string;
    await compiled.team.tasks.settled(id);
    for await (const event of runFollowUp(compiled, id, options)) take(event);
  }
  return events;
}
