/**
 * Throughput on the server: simulated users, each with its own thread, sending Weather turns
 * back to back. Turns that finish inside the measured window count; the warm-up before it and
 * turns still running after it do not.
 */
import { performance } from "node:perf_hooks";
import { percentile, round } from "../app/figure.js";
import { CITIES, userClient, weatherTurn, type TurnMode } from "./weatherTurn.js";
import { errorMessage } from "../../src/schema/errorMessage.js";

export interface ThroughputOptions {
  users: number;
  warmupMs: number;
  durationMs: number;
  /** A user starts a new thread after this many turns, so conversations stay short as in real use. */
  turnsPerThread: number;
  mode: TurnMode;
  /** CPU time of the server's process so far, when it runs in another one. */
  serverCpu?: () => Promise<NodeJS.CpuUsage>;
}

export interface ThroughputResult {
  graph_id: string;
  mode: TurnMode;
  users: number;
  window_s: number;
  turns: number;
  turns_per_s: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
  /** Turns that failed or answered wrongly inside the window (and, apart, in the warm-up). */
  errors: number;
  warmup_errors: number;
  first_error?: string;
  /** Share of the window this process's event loop (server and clients share it) was busy, 0–1. */
  event_loop_utilization: number;
  /** CPU time of this process over the window, in cores (its worker threads included). */
  cpu_cores: number;
  /** CPU time of the server's process over the window, in cores: near 1, its one thread is the limit. */
  server_cpu_cores?: number;
}

/** A user gives up after this many failures in a row rather than spin against a broken server. */
const MAX_FAILURES_IN_A_ROW = 20;

/**
 * Event loop and CPU use between `start()` and `stop()`, of this process and (with `serverCpu`)
 * the server's; timers may fire late under load, so the elapsed time is measured.
 */
function loadMeter(serverCpu?: () => Promise<NodeJS.CpuUsage>) {
  let loop = performance.eventLoopUtilization();
  let cpu = process.cpuUsage();
  let since = performance.now();
  // The server's CPU is a detail of the figure: when it cannot be read, the figure goes without it.
  const readServer = () => serverCpu?.().catch(() => undefined);
  let server: Promise<NodeJS.CpuUsage | undefined> | undefined;
  let result: Promise<{ event_loop_utilization: number; cpu_cores: number; server_cpu_cores?: number }> | undefined;
  const cores = (used: NodeJS.CpuUsage, ms: number) => round((used.user + used.system) / 1000 / ms, 2);
  return {
    start() {
      loop = performance.eventLoopUtilization();
      cpu = process.cpuUsage();
      since = performance.now();
      server = readServer();
    },
    stop() {
      if (result) return result;
      const used = process.cpuUsage(cpu);
      const ms = performance.now() - since;
      const utilization = round(performance.eventLoopUtilization(loop).utilization);
      const serverAtEnd = server && readServer();
      result = (async () => {
        const [first, last] = await Promise.all([server, serverAtEnd]);
        return {
          event_loop_utilization: utilization,
          cpu_cores: cores(used, ms),
          ...(first && last ? { server_cpu_cores: cores(diff(last, first), ms) } : {}),
        };
      })();
      return result;
    },
  };
}

function diff(end: NodeJS.CpuUsage, start: NodeJS.CpuUsage): NodeJS.CpuUsage {
  return { user: end.user - start.user, system: end.system - start.system };
}

export async function measureThroughput(url: string, graphId: string, options: ThroughputOptions): Promise<ThroughputResult> {
  const windowStart = performance.now() + options.warmupMs;
  const windowEnd = windowStart + options.durationMs;
  const latencies: number[] = [];
  let errors = 0;
  let warmupErrors = 0;
  let firstError: string | undefined;

  async function user(index: number): Promise<void> {
    const client = userClient(url);
    let threadId = "";
    let failures = 0;
    for (let turn = 0; performance.now() < windowEnd; turn++) {
      const city = CITIES[(index + turn) % CITIES.length] as string;
      const began = performance.now();
      try {
        if (turn % options.turnsPerThread === 0) threadId = (await client.threads.create()).thread_id;
        const sent = performance.now();
        await weatherTurn(client, threadId, graphId, city, options.mode);
        const ended = performance.now();
        failures = 0;
        if (ended >= windowStart && ended <= windowEnd) latencies.push(ended - sent);
      } catch (error) {
        const ended = performance.now();
        firstError ??= errorMessage(error);
        if (ended < windowStart) warmupErrors++;
        else if (ended <= windowEnd) errors++;
        // A failed turn may leave its thread mid-run: the next turn starts a fresh one.
        turn = -1;
        if (++failures >= MAX_FAILURES_IN_A_ROW) return;
        if (performance.now() - began < 5) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  const meter = loadMeter(options.serverCpu);
  const startTimer = setTimeout(() => meter.start(), options.warmupMs);
  const endTimer = setTimeout(() => meter.stop(), options.warmupMs + options.durationMs);
  try {
    await Promise.all(Array.from({ length: options.users }, (_, i) => user(i)));
  } finally {
    clearTimeout(startTimer);
    clearTimeout(endTimer);
  }
  const windowS = options.durationMs / 1000;
  return {
    graph_id: graphId,
    mode: options.mode,
    users: options.users,
    window_s: windowS,
    turns: latencies.length,
    turns_per_s: round(latencies.length / windowS, 1),
    p50_ms: round(percentile(latencies, 50), 1),
    p95_ms: round(percentile(latencies, 95), 1),
    max_ms: round(
      latencies.reduce((max, ms) => Math.max(max, ms), 0),
      1,
    ),
    errors,
    warmup_errors: warmupErrors,
    ...(firstError !== undefined ? { first_error: firstError } : {}),
    ...(await meter.stop()),
  };
}
