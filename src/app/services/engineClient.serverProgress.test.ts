// Publishing through the engine client: the worker's progress reaches the caller of that
// request only, and stops once it is answered.
import { describe, expect, it } from "vitest";
import type { FromWorker, ServerRequest, ToWorker } from "../../worker/protocol";
import { createEngineClient, type WorkerLike } from "./engineClient";

/** A worker that answers each `publish` with two progress messages, then its result. */
class PublishingWorker implements WorkerLike {
  private readonly listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  postMessage(message: ToWorker): void {
    if (message.type !== "server_request") return;
    const { requestId } = message as ServerRequest;
    queueMicrotask(() => {
      this.emit({ type: "server_progress", requestId, text: 'Reading knowledge base "faq"…' });
      this.emit({ type: "server_progress", requestId, text: "Sending the graph with 1 knowledge base file (1 KB of text)…" });
      const published = { assistant_id: "a1", name: "Support", graph_id: "g1", version: 1, updated_at: "now", outcome: "created" as const };
      this.emit({ type: "server_result", requestId, ok: true, answer: { op: "publish", url: "http://server", published }, error: null });
      this.emit({ type: "server_progress", requestId, text: "late" });
    });
  }
  addEventListener(type: string, listener: unknown): void {
    if (type === "message") this.listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
  }
  emit(data: FromWorker): void {
    for (const listener of this.listeners) listener({ data } as MessageEvent<FromWorker>);
  }
}

describe("engine client publishing", () => {
  it("passes the worker's progress of a publish to its caller until it is answered", async () => {
    const engine = createEngineClient(() => new PublishingWorker());
    const heard: string[] = [];
    const answer = await engine.server!("publish", {}, (text) => heard.push(text));
    expect(answer.published.outcome).toBe("created");
    await Promise.resolve();
    expect(heard).toEqual(['Reading knowledge base "faq"…', "Sending the graph with 1 knowledge base file (1 KB of text)…"]);
  });
});
