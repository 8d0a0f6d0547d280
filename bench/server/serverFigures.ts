/**
 * The server figures (measureServerFigures.ts): the server in a child Node process (LangGraph's
 * API server keeps its state in module scope and its queue workers poll forever; its cleanup
 * stops the HTTP server, not them), the SDK clients that load it in this one.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Figure } from "../app/figure.js";
import { measureServerFigures } from "./measureServerFigures.js";
import type { WeatherServer } from "./weatherServer.js";

export const SERVER_FIGURES = ["server_throughput", "server_overhead_ratio"] as const;
export type ServerFigureName = (typeof SERVER_FIGURES)[number];

export function isServerFigure(name: string): name is ServerFigureName {
  return (SERVER_FIGURES as readonly string[]).includes(name);
}

/** What the child hosting the server says once it listens (or why it could not start). */
export type HostMessage = { ok: true; server: Omit<WeatherServer, "close" | "cpuUsage"> } | { ok: false; error: string };

const CHILD = fileURLToPath(new URL("./serverFiguresChild.ts", import.meta.url));

/** Starts the Weather server in a child process; `close` stops it and waits for the child to exit. */
function hostWeatherServer(workers: number): Promise<WeatherServer> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [String(workers)], {
      execArgv: ["--import", "tsx", ...(process.env.BENCH_SERVER_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [])],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    child.once("message", (message) => {
      const answer = message as HostMessage;
      if (!answer.ok) return reject(new Error(answer.error));
      resolve({
        ...answer.server,
        // Fails rather than waits for ever when the server's process is gone.
        cpuUsage: () =>
          new Promise((done, fail) => {
            if (!child.connected) return fail(new Error("the server process has exited"));
            const gone = () => {
              child.off("message", read);
              fail(new Error("the server process exited"));
            };
            const read = (reply: unknown) => {
              const cpu = (reply as { cpu?: NodeJS.CpuUsage }).cpu;
              if (!cpu) return;
              child.off("message", read);
              child.off("exit", gone);
              done(cpu);
            };
            child.on("message", read);
            child.once("exit", gone);
            child.send("cpu");
          }),
        close: async () => {
          child.send("close");
          await exited;
        },
      });
    });
    child.once("error", reject);
    child.once("exit", (code, signal) =>
      reject(new Error(`server figures: the server process exited (${signal ?? `code ${String(code)}`}) before it listened`)),
    );
  });
}

/**
 * @example
 * const figures = await serverFigures(["server_throughput"]);
 * figures.server_throughput.value; // turns/s
 */
export async function serverFigures(names: readonly ServerFigureName[] = SERVER_FIGURES): Promise<Record<string, Figure>> {
  return measureServerFigures(names, (line) => process.stdout.write(`${line}\n`), hostWeatherServer);
}
