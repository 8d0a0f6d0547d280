/** One Weather turn on the server through LangGraph's SDK, checked by its reply. */
import { Client } from "@langchain/langgraph-sdk";
import { serverMessageToJson } from "../../src/server/client/serverRun.js";

/** Cities the mock forecast answers without an error (Atlantis is its error case). */
export const CITIES = ["Paris", "London", "Oslo", "Tokyo", "Lima", "Cairo", "Sydney", "Madrid"] as const;

export function question(city: string): string {
  return `What's the weather in ${city}?`;
}

/**
 * A client of its own per simulated user (one client runs at most 4 requests at once by
 * default); no retries, so a failed request counts as an error instead of hiding in the latency.
 */
export function userClient(url: string): Client {
  return new Client({ apiUrl: url, apiKey: null, callerOptions: { maxRetries: 0 } });
}

/**
 * How a turn waits for its reply. `wait`: `runs.wait`, which returns when LangGraph's in-memory
 * server ends the run's join loop, ~500 ms after the run's last event (the loop waits on its
 * event queue with a 500 ms timeout, then sees the run is done; langgraph-api 1.5). `reply`:
 * `runs.stream` of values, done as soon as the reply arrives, which is when a person sees it.
 */
export type TurnMode = "wait" | "reply";

function checkReply(values: Record<string, unknown>, city: string): boolean {
  const messages = Array.isArray(values.messages) ? values.messages : [];
  const last = serverMessageToJson(messages.at(-1));
  return last.role === "ai" && String(last.content).startsWith("Right now:") && String(last.content).includes(city);
}

/** Runs one turn (see `TurnMode`); throws unless the last message is the forecast reply for `city`. */
export async function weatherTurn(client: Client, threadId: string, graphId: string, city: string, mode: TurnMode = "wait"): Promise<void> {
  if (mode === "reply") return replyTurn(client, threadId, graphId, city);
  const values = (await client.runs.wait(threadId, graphId, { input: { messages: [{ role: "user", content: question(city) }] } })) as Record<string, unknown>;
  if (values.__error__) throw new Error(`run failed: ${JSON.stringify(values.__error__)}`);
  if (!checkReply(values, city)) throw new Error(`unexpected reply: ${JSON.stringify((values.messages as unknown[] | undefined)?.at(-1))}`);
}

async function replyTurn(client: Client, threadId: string, graphId: string, city: string): Promise<void> {
  const abort = new AbortController();
  const stream = client.runs.stream(threadId, graphId, {
    input: { messages: [{ role: "user", content: question(city) }] },
    streamMode: "values",
    // The next turn may reach the server before this run's worker has marked it done.
    multitaskStrategy: "enqueue",
    signal: abort.signal,
  });
  try {
    for await (const chunk of stream) {
      if (chunk.event === "error") throw new Error(`run failed: ${JSON.stringify(chunk.data)}`);
      if (chunk.event === "values" && checkReply(chunk.data as Record<string, unknown>, city)) return;
    }
  } finally {
    // Closes the stream the server would hold open until its join loop times out; the run is not cancelled.
    abort.abort();
  }
  throw new Error("the stream ended without the reply");
}
