/**
 * In the app's page (bundled and injected by longThread.ts): stores a long thread through the
 * app's own persistence code — the graph, its thread, each turn's run and events — as the app
 * would have stored them after that many turns. Each turn is a copy of one real turn's events
 * with fresh ids, and its `final_state` holds the thread's messages up to that turn, as the
 * engine emits it.
 */
import { Database } from "../../src/persistence/db.js";
import { createWorkspace } from "../../src/persistence/workspace/index.js";
import type { RunEvent } from "../../src/engine/index.js";
import { assertValid } from "../../src/schema/index.js";

export interface SeedRequest {
  /** The graph (a document as JSON), saved as the workspace's latest so it opens on load. */
  document: unknown;
  threadId: string;
  turns: number;
  /** One turn's events as the engine emitted them (run_start … run_end). */
  turn: RunEvent[];
  /** Turns per appendEvents transaction. */
  batch: number;
}

const ID_KEYS = new Set(["id", "run_id", "call_id", "parent_call_id", "root_call_id", "message_id", "tool_call_id", "checkpoint_id", "thread_id"]);

/** Every id-like string in the turn (event, run, call, message, tool call, checkpoint ids), to make each copy's own. */
function idsOf(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsOf(item, into);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) {
      if (ID_KEYS.has(key) && typeof item === "string") into.add(item);
      else idsOf(item, into);
    }
  return into;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function seed(request: SeedRequest): Promise<{ seed_ms: number; events: number; runs: number }> {
  const started = performance.now();
  const workspace = createWorkspace(new Database({ name: "graphwright" }));
  const document = assertValid(request.document);
  await workspace.graphs.save(document);
  await workspace.threads.create({ id: request.threadId, graphId: document.meta.id, title: `${request.turns} turns` });
  const final = request.turn.find((e) => e.type === "final_state");
  const turnMessages = final && Array.isArray(final.state.messages) ? (final.state.messages as { id: string }[]) : [];
  // The turn without its final state's values, which each copy sets to the thread's messages so far.
  const template = request.turn.map((e) => (e.type === "final_state" ? { ...e, state: {} } : e));
  const ids = [...idsOf(template, new Set()), ...turnMessages.map((m) => m.id)].filter((id) => id !== request.threadId);
  const pattern = new RegExp(
    ids
      .map(escape)
      .sort((a, b) => b.length - a.length)
      .join("|"),
    "g",
  );
  const text = JSON.stringify(template);
  const messagesText = JSON.stringify(turnMessages);
  const t0 = request.turn[0]!.ts;
  const history: unknown[] = [];
  let pending: RunEvent[] = [];
  let events = 0;
  for (let turn = 1; turn <= request.turns; turn++) {
    const suffix = `-t${turn}`;
    const fresh = (json: string) => json.replace(pattern, (id) => `${id}${suffix}`);
    const copy = (JSON.parse(fresh(text)) as RunEvent[]).map((e) => ({
      ...e,
      id: `${e.run_id}:${e.seq}`,
      ts: e.ts - t0 + Date.UTC(2026, 0, 1) + turn * 60_000,
    }));
    const start = copy[0]!;
    if (start.type === "run_start") start.input = `${start.input} (turn ${turn})`;
    history.push(...(JSON.parse(fresh(messagesText)) as unknown[]));
    // Every message so far, as the engine's final_state carries it (the same objects: the page holds each once).
    for (const e of copy) if (e.type === "final_state") e.state = { ...final!.state, messages: history.slice() };
    const runId = start.run_id;
    await workspace.runs.start({
      id: runId,
      threadId: request.threadId,
      graphId: document.meta.id,
      input: start.type === "run_start" ? start.input : "",
      started: start.ts,
    });
    await workspace.runs.finish(runId, { status: "completed", ended: copy.at(-1)!.ts });
    pending.push(...copy);
    events += copy.length;
    if (turn % request.batch === 0 || turn === request.turns) {
      await workspace.runs.appendEvents(pending);
      pending = [];
    }
  }
  return { seed_ms: Math.round(performance.now() - started), events, runs: request.turns };
}

(window as unknown as { __benchSeedThread: typeof seed }).__benchSeedThread = seed;
