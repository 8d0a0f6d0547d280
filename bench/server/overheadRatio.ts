/**
 * The server's overhead on one Weather turn (pacing off): sequential turns through the SDK on
 * the server against the same turn run in this process with the engine (compiled once, Node
 * services, in-memory checkpointer), alternated so drift affects all of them. Every turn starts
 * a fresh thread; creating the server's thread is not timed.
 */
import { collectRun, compileGraph, type CompiledDocument } from "../../src/engine/index.js";
import { nodeServices } from "../../src/server/graph/nodeServices.js";
import type { GraphDocument } from "../../src/schema/index.js";
import { percentile, round } from "../app/figure.js";
import { CITIES, question, userClient, weatherTurn, type TurnMode } from "./weatherTurn.js";

export interface OverheadRatioResult {
  turns: number;
  warmup_turns: number;
  /** `runs.wait` on the server. */
  server_wait_ms_median: number;
  server_wait_ms_p95: number;
  /** `runs.stream` on the server until the reply arrives (see `TurnMode`). */
  server_reply_ms_median: number;
  server_reply_ms_p95: number;
  in_process_ms_median: number;
  in_process_ms_p95: number;
  /** Server `runs.wait` median ÷ in-process median. */
  wait_ratio: number;
  /** Server reply-delivered median ÷ in-process median. */
  reply_ratio: number;
}

async function inProcessTurn(compiled: CompiledDocument, threadId: string, city: string): Promise<void> {
  const events = await collectRun(compiled, { message: question(city) }, { threadId });
  const error = events.find((e) => e.type === "error");
  if (error) throw new Error(`in-process turn failed: ${JSON.stringify(error)}`);
}

async function timed(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureOverheadRatio(url: string, graphId: string, document: GraphDocument, turns: number, warmup: number): Promise<OverheadRatioResult> {
  const client = userClient(url);
  const compiled = compileGraph(document, nodeServices(document, { env: {} }));
  const server: Record<TurnMode, number[]> = { wait: [], reply: [] };
  const local: number[] = [];
  for (let i = 0; i < warmup + turns; i++) {
    const city = CITIES[i % CITIES.length] as string;
    const times: Partial<Record<TurnMode, number>> = {};
    for (const mode of ["wait", "reply"] as const) {
      const threadId = (await client.threads.create()).thread_id;
      times[mode] = await timed(() => weatherTurn(client, threadId, graphId, city, mode));
    }
    const localMs = await timed(() => inProcessTurn(compiled, `local-${i}`, city));
    if (i < warmup) continue;
    server.wait.push(times.wait as number);
    server.reply.push(times.reply as number);
    local.push(localMs);
  }
  const localMedian = percentile(local, 50);
  return {
    turns,
    warmup_turns: warmup,
    server_wait_ms_median: round(percentile(server.wait, 50), 1),
    server_wait_ms_p95: round(percentile(server.wait, 95), 1),
    server_reply_ms_median: round(percentile(server.reply, 50), 1),
    server_reply_ms_p95: round(percentile(server.reply, 95), 1),
    in_process_ms_median: round(localMedian, 1),
    in_process_ms_p95: round(percentile(local, 95), 1),
    wait_ratio: round(percentile(server.wait, 50) / localMedian),
    reply_ratio: round(percentile(server.reply, 50) / localMedian),
  };
}
