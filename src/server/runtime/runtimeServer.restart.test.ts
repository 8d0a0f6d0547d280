/**
 * A runtime server (`npm run cli -- serve`, a child process) killed in the middle of a turn and
 * started again (issue 26, item 8), through the worker's path (runTurnOnServer): the cut turn
 * ends at once with an error saying the connection broke, what the server had saved is still
 * there after the restart, and the next message on the same thread is answered.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGraph, type RunEvent } from "../../engine/index.js";
import { validate, type GraphDocument } from "../../schema/index.js";
import { runTurnOnServer } from "../../worker/serverAccess.js";
import { LANGGRAPH_SERVER_URL_SETTING } from "../../worker/protocol.js";
import type { CredentialStore } from "../../worker/providerKeys.js";
import { nodeServices } from "../graph/nodeServices.js";
import { startRuntimeProcess, type RuntimeProcess } from "../testing/runtimeProcess.js";

/** The weather template with a reply paced at 4 tokens a second: a turn long enough to kill the server in. */
async function slowWeather(): Promise<GraphDocument> {
  const checked = validate(JSON.parse(await readFile(path.resolve(import.meta.dirname, "../../../examples/weather-assistant.json"), "utf8")));
  if (!checked.ok) throw new Error("The weather template does not validate");
  const document = structuredClone(checked.document);
  const agent = document.nodes.find((n) => n.kind === "agent") as { data: { script: { tokens_per_second: number } } };
  agent.data.script.tokens_per_second = 4;
  return document;
}

function credentials(url: string): CredentialStore {
  return {
    secrets: { reveal: async () => undefined, list: async () => [] },
    settings: { get: async <T>(name: string, fallback: T) => (name === LANGGRAPH_SERVER_URL_SETTING ? (url as T) : fallback) },
  };
}

type Message = { role: string; content: string };
const finalMessages = (events: RunEvent[]): Message[] =>
  (events.find((e) => e.type === "final_state") as { state: { messages: Message[] } } | undefined)?.state.messages ?? [];

let server: RuntimeProcess;
beforeAll(async () => {
  server = await startRuntimeProcess({ timeoutMs: 180_000 });
}, 200_000);
afterAll(async () => {
  await server?.close();
});

describe("a runtime server killed mid-run and restarted", () => {
  it("ends the cut turn at once saying the connection broke; after the restart the saved turn is kept and the next message is answered", async () => {
    const document = await slowWeather();
    const compiled = compileGraph(document, nodeServices(document, { env: {} }));
    const store = credentials(server.url);
    const turn = (message: string, runId: string) =>
      runTurnOnServer(compiled, document, { message }, { threadId: "thread_killed", runId, signal: new AbortController().signal }, store);

    const first: RunEvent[] = [];
    for await (const event of turn("What's the weather in Paris?", "run_1")) first.push(event);
    expect(first.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    // LangGraph's in-memory server writes its state to disk 3 s after the last change: wait until the first turn's last checkpoint is on disk.
    const lastCheckpoint = first.at(-1)?.checkpoint_id;
    expect(lastCheckpoint).toEqual(expect.any(String));
    const saved = path.join(server.stateDir, ".langgraph_api", ".langgraphjs_api.checkpointer.json");
    await expect
      .poll(async () => (await readFile(saved, "utf8").catch(() => "")).includes(`"${lastCheckpoint}"`), { timeout: 30_000, interval: 250 })
      .toBe(true);

    // The second turn: killed while it streams, once the server has written it down as running (as a crash would find it).
    const cut: RunEvent[] = [];
    let streaming!: () => void;
    const firstToken = new Promise<void>((resolve) => (streaming = resolve));
    const consumed = (async () => {
      for await (const event of turn("What's the weather in Oslo?", "run_2")) {
        cut.push(event);
        if (event.type === "message_delta") streaming();
      }
    })();
    await firstToken;
    const ops = path.join(server.stateDir, ".langgraph_api", ".langgraphjs_ops.json");
    const savedAsRunning = async () => {
      const saved = JSON.parse((await readFile(ops, "utf8").catch(() => "")) || "{}") as {
        json?: { runs?: Record<string, { status: string; kwargs: unknown }> };
      };
      return Object.values(saved.json?.runs ?? {}).some((run) => run.status === "running" && JSON.stringify(run.kwargs).includes("Oslo"));
    };
    await expect.poll(savedAsRunning, { timeout: 30_000, interval: 100 }).toBe(true);
    const killedAt = performance.now();
    await server.kill();
    await consumed;
    const endedAfter = performance.now() - killedAt;
    expect(cut.filter((e) => e.type === "error")).toEqual([
      expect.objectContaining({
        code: "SERVER_CONNECTION_LOST",
        message: expect.stringMatching(
          new RegExp(`^The connection to the LangGraph server at ${server.url} broke during the run \\(.+\\): the server may have stopped or restarted\\.`),
        ),
      }),
    ]);
    expect(cut.at(-1)).toMatchObject({ type: "run_end", status: "error" });
    // Never a hang: the SDK neither waits for the dead server nor retries the stream.
    expect(endedAfter).toBeLessThan(5_000);
    // What streamed before the cut arrived (the app keeps it in the thread, marked as interrupted), and the turn did not finish.
    expect(cut.some((e) => e.type === "final_state")).toBe(false);

    // The restarted server finds the cut run saved as running: it must not keep the thread busy.
    await server.restart();
    const next: RunEvent[] = [];
    for await (const event of turn("What's the weather in Lima?", "run_3")) next.push(event);
    expect(next.at(-1)).toMatchObject({ type: "run_end", status: "completed" });
    const messages = finalMessages(next);
    // The first turn, saved before the kill, is still the thread's history; nothing shows twice.
    expect(messages.filter((m) => m.role === "human").map((m) => m.content)).toEqual(
      expect.arrayContaining(["What's the weather in Paris?", "What's the weather in Lima?"]),
    );
    expect(messages.filter((m) => m.content === "Right now: Sunny, 21°C, light wind in Paris.")).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ role: "ai", content: expect.stringContaining("Lima") });
    const contents = messages.map((m) => `${m.role}:${m.content}`);
    expect(new Set(contents).size).toBe(contents.length);
  }, 300_000);
});
