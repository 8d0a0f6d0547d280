/**
 * The server figures of `npm run bench`: the Weather template on LangGraph's in-memory API
 * server, driven by its SDK. Runs in a process of its own (see serverFigures.ts).
 */
import { round, type Figure } from "../app/figure.js";
import { measureOverheadRatio } from "./overheadRatio.js";
import { measureThroughput, type ThroughputOptions } from "./throughput.js";
import { startWeatherServer, type WeatherServer } from "./weatherServer.js";
import type { ServerFigureName } from "./serverFigures.js";

const USERS = 16;
/**
 * LangGraph's queue workers: one per user, so no run waits for a busy worker. More only poll
 * more (an idle worker looks for runs after a random sleep of up to 1 s); on 2 cores, 32 and 64
 * measured no better than 16.
 */
const WORKERS = Number(process.env.BENCH_SERVER_WORKERS ?? 16);
const LOAD: Omit<ThroughputOptions, "mode"> = { users: USERS, warmupMs: 3_000, durationMs: 10_000, turnsPerThread: 8 };
const OVERHEAD_TURNS = 31;
const OVERHEAD_WARMUP = 5;
const TARGET_TURNS_PER_S = 50;

const SERVED =
  "served by @langchain/langgraph-api's startServer in a process of its own: the in-memory server `langgraphjs dev` runs " +
  "(LangGraph's own queue, checkpointer and HTTP API), loading the server bundle Graphwright exports " +
  "(buildServerEngine + serverBundleFiles); the SDK clients run in the bench's process";

const WAIT_TAIL =
  "On this server `runs.wait` answers ~500 ms after the run's last event: its join loop waits on the run's event queue " +
  "with a 500 ms timeout and only then sees the run is done (langgraph-api 1.5); that tail is in every `runs.wait` turn.";

type Log = (line: string) => void;

async function throughputFigure(server: WeatherServer, log: Log): Promise<Figure> {
  const load = { ...LOAD, serverCpu: () => server.cpuUsage() };
  // The value is measured last, on a server in its steady state: the two runs before it also
  // warm its JIT (measured first, after only the 3 s warm-up, it read about 15% lower).
  log(`  server: ${USERS} users, runs.wait, pacing off…`);
  const wait = await measureThroughput(server.url, server.unpaced, { ...load, mode: "wait" });
  log(`  server: ${USERS} users, streamed until the reply, the template as written (${server.templateTokensPerSecond} tokens/s)…`);
  const paced = await measureThroughput(server.url, server.paced, { ...load, mode: "reply" });
  log(`  server: ${USERS} users, streamed until the reply, pacing off…`);
  const reply = await measureThroughput(server.url, server.unpaced, { ...load, mode: "reply" });
  return {
    value: reply.turns_per_s,
    unit: "turns/s",
    target: `>= ${TARGET_TURNS_PER_S}`,
    pass: reply.turns_per_s >= TARGET_TURNS_PER_S && reply.errors === 0,
    measure:
      `Weather template, pacing off: turns completed per second by ${USERS} users, each on its own thread sending "What's the weather in <city>?" ` +
      "back to back, each turn streamed (runs.stream, values) until its reply arrives",
    p50_ms: reply.p50_ms,
    p95_ms: reply.p95_ms,
    errors: reply.errors,
    server_cpu_cores: reply.server_cpu_cores,
    users: USERS,
    workers: server.workers,
    warmup_s: LOAD.warmupMs / 1000,
    window_s: LOAD.durationMs / 1000,
    turns_per_thread: LOAD.turnsPerThread,
    note:
      `Weather template ${SERVED}. The budget applies to the template with token pacing off (tokens_per_second 0 in a copy: engine throughput, the value); ` +
      `as written its scripted model streams ${server.templateTokensPerSecond} tokens/s, which alone holds a turn at ~300 ms (template_as_written). ` +
      "A turn ends when its reply arrives on the stream, when a person sees it; the next turn is enqueued on the thread behind the run's last checkpoint. " +
      `server_cpu_cores is the server process's CPU over the window: near 1, its one JavaScript thread is the limit. ${WAIT_TAIL} ` +
      `So with runs.wait (runs_wait) ${USERS} users cannot pass ~${USERS} / 0.55 s ≈ ${Math.floor(USERS / 0.55)} turns/s however fast the graph runs.`,
    pacing_off: reply,
    runs_wait: wait,
    template_as_written: paced,
  };
}

async function overheadFigure(server: WeatherServer, log: Log): Promise<Figure> {
  log(`  server: ${OVERHEAD_TURNS} sequential turns on the server and in-process…`);
  const result = await measureOverheadRatio(server.url, server.unpaced, server.unpacedDocument, OVERHEAD_TURNS, OVERHEAD_WARMUP);
  return {
    value: result.wait_ratio,
    unit: "× in-process Node",
    target: "none (reported only)",
    pass: true,
    measure:
      "one Weather turn, pacing off: median of sequential runs.wait turns on the server (fresh thread each) ÷ median of the same turn run in this process " +
      "with the engine (compileGraph + collectRun, nodeServices, in-memory checkpointer)",
    overhead_ms_median: round(result.server_wait_ms_median - result.in_process_ms_median, 1),
    ...result,
    note:
      `The server is ${SERVED}. Compared with the engine in-process in Node: the bench's Chromium engine timing (chromium.engine_overhead) is a ` +
      `200-step agent loop, not a Weather turn, so there is no in-browser figure for this turn. ${WAIT_TAIL} reply_ratio times the server turn ` +
      "streamed until the reply arrives instead: the server's own overhead without that tail (queue pick-up, HTTP, checkpoints).",
  };
}

const FIGURES: Record<ServerFigureName, (server: WeatherServer, log: Log) => Promise<Figure>> = {
  server_throughput: throughputFigure,
  server_overhead_ratio: overheadFigure,
};

/** Starts one server (with `start`: in another process), measures the figures named and stops it. */
export async function measureServerFigures(
  names: readonly ServerFigureName[],
  log: Log,
  start: (workers: number) => Promise<WeatherServer> = startWeatherServer,
): Promise<Record<string, Figure>> {
  log(`  server: building the Weather bundle and starting LangGraph's API server (${WORKERS} workers)…`);
  const server = await start(WORKERS);
  try {
    const figures: Record<string, Figure> = {};
    for (const name of names) figures[name] = await FIGURES[name](server, log);
    return figures;
  } finally {
    await server.close();
  }
}
