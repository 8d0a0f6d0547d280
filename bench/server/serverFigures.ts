/**
 * Runs the server figures (measureServerFigures.ts) in a child Node process. LangGraph's API
 * server keeps its state in module scope and its queue workers poll forever (its cleanup stops
 * the HTTP server, not them), so the server gets a process of its own that exits when done.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Figure } from "../app/figure.js";

export const SERVER_FIGURES = ["server_throughput", "server_overhead_ratio"] as const;
export type ServerFigureName = (typeof SERVER_FIGURES)[number];

export function isServerFigure(name: string): name is ServerFigureName {
  return (SERVER_FIGURES as readonly string[]).includes(name);
}

/** What the child sends back. */
export type ServerFiguresMessage = { ok: true; figures: Record<string, Figure> } | { ok: false; error: string };

const CHILD = fileURLToPath(new URL("./serverFiguresChild.ts", import.meta.url));

/**
 * @example
 * const figures = await serverFigures(["server_throughput"]);
 * figures.server_throughput.value; // turns/s
 */
export function serverFigures(names: readonly ServerFigureName[] = SERVER_FIGURES): Promise<Record<string, Figure>> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, names, { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    let answer: ServerFiguresMessage | undefined;
    child.on("message", (message) => {
      answer = message as ServerFiguresMessage;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (answer?.ok) resolve(answer.figures);
      else reject(new Error(answer ? answer.error : `server figures: the child exited (${signal ?? `code ${String(code)}`}) without results`));
    });
  });
}
