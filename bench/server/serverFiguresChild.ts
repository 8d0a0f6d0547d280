/**
 * Child process of serverFigures.ts: hosts the Weather server (LangGraph's API server keeps its
 * state in module scope and its queue workers poll forever, so it gets a process of its own),
 * tells the parent where it listens, and exits when the parent says `close`. The SDK clients
 * run in the parent, so on 2 cores the server has one to itself.
 */
import { startWeatherServer } from "./weatherServer.js";
import type { HostMessage } from "./serverFigures.js";

const workers = Number(process.argv[2] ?? 16);

try {
  const server = await startWeatherServer(workers);
  // Its CPU time is read through the messages below, in this process.
  const { close, cpuUsage: _cpuUsage, ...described } = server;
  process.on("message", (message) => {
    // The parent reads this process's CPU time around a measured window (the server's own load).
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
    if (message !== "close") return;
    void close().finally(() => process.exit(0));
  });
  process.send?.({ ok: true, server: described } satisfies HostMessage);
} catch (error) {
  process.send?.({ ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies HostMessage, () => process.exit(1));
}
