/**
 * Figure: an MCP tool call's round trip over loopback, above the server's own time (issue 13,
 * budget: p50 ≤ 15 ms). Runs in Node against MCP's reference server (the tests' harness, bound
 * to 127.0.0.1): the client side is our session pool and the SDK's Streamable HTTP transport;
 * the server's own time is measured on its HTTP server, from a request's arrival to its last
 * byte, and subtracted call by call.
 */
import { McpSessionPool } from "../../src/tools/mcpSessions.js";
import { startEverythingServer } from "../../src/tools/testing/everythingServer.js";
import { atMost, percentile, round, type Figure } from "./figure.js";

const WARMUP = 20;
const SAMPLES = 200;

export async function mcpRoundTripFigure(): Promise<Figure> {
  const server = await startEverythingServer();
  const pool = new McpSessionPool();
  try {
    const endpoint = { url: server.url };
    for (let i = 0; i < WARMUP; i++) await pool.callTool(endpoint, "echo", { message: `warm ${i}` });
    const totals: number[] = [];
    const overheads: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const before = server.requestTimes().length;
      const started = performance.now();
      await pool.callTool(endpoint, "echo", { message: `call ${i}` });
      const total = performance.now() - started;
      // The server may still be flushing its last byte when the client has the answer.
      const serverMs = server
        .requestTimes()
        .slice(before)
        .reduce((sum, ms) => sum + ms, 0);
      totals.push(total);
      overheads.push(Math.max(0, total - serverMs));
    }
    return atMost(percentile(overheads, 50), 15, "ms", {
      measure: "echo over Streamable HTTP on loopback: client round trip minus the server's own time, p50",
      samples: SAMPLES,
      round_trip_p50_ms: round(percentile(totals, 50)),
      round_trip_p95_ms: round(percentile(totals, 95)),
      overhead_p95_ms: round(percentile(overheads, 95)),
      sessions_opened: server.sessionsOpened(),
    });
  } finally {
    await pool.close();
    await server.close();
  }
}
