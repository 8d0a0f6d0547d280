// The knowledge client's watchdog with fake workers that go silent, stay busy, fail or ignore
// Stop: no request waits forever, the worker is replaced, and the next request is answered.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { KnowledgeReply, KnowledgeRequest } from "../../worker/knowledgeProtocol";
import { createKnowledgeClient, KnowledgeWorkerRestarted, type KnowledgeWorkerLike } from "./knowledgeClient";

type Listener = (event: unknown) => void;

/** A worker that records what it is sent; `alive` ones answer size questions (probes) at once. */
class FakeWorker implements KnowledgeWorkerLike {
  readonly posted: KnowledgeRequest[] = [];
  terminated = false;
  private readonly listeners = new Map<string, Listener[]>();
  constructor(private readonly alive: boolean) {}
  postMessage(message: KnowledgeRequest): void {
    this.posted.push(message);
    if (this.alive && message.type === "kb_stats")
      this.reply({ type: "kb_result", requestId: message.requestId, ok: true, value: { files: 0, chunks: 0, bytes: 0 } });
  }
  addEventListener(type: string, listener: unknown): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener as Listener]);
  }
  terminate(): void {
    this.terminated = true;
  }
  reply(data: KnowledgeReply): void {
    for (const listener of this.listeners.get("message") ?? []) listener({ data });
  }
  fire(type: "error" | "messageerror", event: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The id of the last request of this type it was sent. */
  idOf(type: KnowledgeRequest["type"]): string {
    const found = this.posted.filter((m) => m.type === type).at(-1);
    if (!found) throw new Error(`no ${type} was posted`);
    return found.requestId;
  }
}

const TIMINGS = { probeMs: 1_000, silentMs: 10_000, stopMs: 2_000 };

/** A client over fake workers; `alive[i]` says whether the i-th answers probes. */
function setup(alive: boolean[]) {
  const workers: FakeWorker[] = [];
  const client = createKnowledgeClient(
    () => {
      const worker = new FakeWorker(alive[workers.length] ?? true);
      workers.push(worker);
      return worker;
    },
    { timings: TIMINGS },
  );
  return { client, workers };
}

const file = (name: string) => new File(["# Title\n\ntext"], name);

/** Settles `promise` into what it resolved with or the error it rejected with. */
function outcome<T>(promise: Promise<T>): { current: { value?: T; error?: Error } | null } {
  const box: { current: { value?: T; error?: Error } | null } = { current: null };
  promise.then(
    (value) => (box.current = { value }),
    (error: Error) => (box.current = { error }),
  );
  return box;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("knowledge client watchdog", () => {
  it("restarts a worker that goes silent while extracting a file, naming the file, and answers the next request on a fresh one", async () => {
    const { client, workers } = setup([false, false]);
    const adding = outcome(client.addFiles("g1", "kb-1", [file("big.pdf")]));
    const first = workers[0]!;
    first.reply({ type: "kb_progress", requestId: first.idOf("kb_add"), progress: { file: "big.pdf", phase: "extracting", fraction: 0.1 } });

    await vi.advanceTimersByTimeAsync(9_000);
    expect(adding.current).toBeNull();
    // It was asked whether it is still there, and said nothing.
    expect(first.posted.filter((m) => m.type === "kb_stats").length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(first.terminated).toBe(true);
    expect(adding.current?.error).toBeInstanceOf(KnowledgeWorkerRestarted);
    expect(adding.current?.error?.message).toBe(
      "The knowledge worker stopped responding after 10 s while extracting the text of big.pdf, so it was restarted. Nothing of this batch was stored: add the files again, without the one it stopped on if this happens again.",
    );

    const stats = client.stats("g1", "kb-1");
    const second = workers[1]!;
    second.reply({ type: "kb_result", requestId: second.idOf("kb_stats"), ok: true, value: { files: 2, chunks: 4, bytes: 100 } });
    await expect(stats).resolves.toEqual({ files: 2, chunks: 4, bytes: 100 });
  });

  it("keeps a worker that is busy but answers its probes, however long the file takes", async () => {
    const { client, workers } = setup([true]);
    const adding = outcome(client.addFiles("g1", "kb-1", [file("long.pdf")]));
    await vi.advanceTimersByTimeAsync(60_000);
    const worker = workers[0]!;
    expect(worker.terminated).toBe(false);
    worker.reply({ type: "kb_result", requestId: worker.idOf("kb_add"), ok: true, value: { added: [{ name: "long.pdf", bytes: 13 }], errors: [] } });
    await vi.advanceTimersByTimeAsync(0);
    expect(adding.current?.value).toEqual({ added: [{ name: "long.pdf", bytes: 13 }], errors: [] });
  });

  it("keeps a silent worker while its progress keeps coming", async () => {
    const { client, workers } = setup([false]);
    const adding = outcome(client.addFiles("g1", "kb-1", [file("a.md"), file("b.md")]));
    const worker = workers[0]!;
    for (let step = 0; step < 5; step++) {
      await vi.advanceTimersByTimeAsync(8_000);
      worker.reply({ type: "kb_progress", requestId: worker.idOf("kb_add"), progress: { file: "a.md", phase: "chunking", fraction: step / 10 } });
    }
    expect(worker.terminated).toBe(false);
    expect(adding.current).toBeNull();
  });

  it("rejects every request in flight when the worker fails, and does not wait for the silence bound", async () => {
    const { client, workers } = setup([true, true]);
    const adding = outcome(client.addFiles("g1", "kb-1", [file("huge.md")]));
    const removing = outcome(client.removeFile("g1", "kb-2", "old.md"));
    const first = workers[0]!;
    first.reply({ type: "kb_progress", requestId: first.idOf("kb_add"), progress: { file: "huge.md", phase: "indexing", fraction: 0.7 } });
    first.fire("error", { message: "Out of memory" });
    await vi.advanceTimersByTimeAsync(0);

    expect(first.terminated).toBe(true);
    expect(adding.current?.error?.message).toBe(
      "The knowledge worker failed while indexing huge.md (Out of memory), so it was restarted. Nothing of this batch was stored: add the files again, without the one it stopped on if this happens again.",
    );
    expect(removing.current?.error?.message).toBe(
      "The knowledge worker failed while indexing huge.md (Out of memory), so it was restarted; removing old.md did not happen. Try again.",
    );
    void client.stats("g1", "kb-1");
    expect(workers).toHaveLength(2);
  });

  it("treats a message it cannot read as a lost worker", async () => {
    const { client, workers } = setup([true]);
    const texts = outcome(client.texts("g1", "kb-1"));
    workers[0]!.fire("messageerror", {});
    await vi.advanceTimersByTimeAsync(0);
    expect(workers[0]!.terminated).toBe(true);
    expect(texts.current?.error?.message).toBe(
      "A message from the knowledge worker could not be read while it was reading a knowledge base's files, so it was restarted; reading a knowledge base's files did not happen. Try again.",
    );
  });

  it("ends a stopped batch within the Stop bound when the worker never answers, and tells the other base's batch why it ended", async () => {
    const { client, workers } = setup([false, true]);
    const controller = new AbortController();
    const stopped = outcome(client.addFiles("g1", "kb-1", [file("hostile.pdf")], { signal: controller.signal }));
    const other = outcome(client.addFiles("g1", "kb-2", [file("notes.md")]));
    const first = workers[0]!;
    first.reply({ type: "kb_progress", requestId: first.idOf("kb_add"), progress: { file: "hostile.pdf", phase: "extracting", fraction: 0.2 } });

    controller.abort();
    expect(first.posted.at(-1)).toMatchObject({ type: "kb_cancel" });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(stopped.current).toBeNull();
    await vi.advanceTimersByTimeAsync(1);

    expect(first.terminated).toBe(true);
    expect(stopped.current?.error?.name).toBe("AbortError");
    expect(other.current?.error?.message).toBe(
      "The knowledge worker did not answer Stop within 2 s while extracting the text of hostile.pdf, so it was restarted. Nothing of this batch was stored: add the files again.",
    );
  });

  it("lets a worker that answers Stop end the batch itself", async () => {
    const { client, workers } = setup([true]);
    const controller = new AbortController();
    const stopped = outcome(client.addFiles("g1", "kb-1", [file("a.md")], { signal: controller.signal }));
    const worker = workers[0]!;
    controller.abort();
    worker.reply({ type: "kb_result", requestId: worker.idOf("kb_add"), ok: false, error: "Adding files was cancelled", aborted: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(worker.terminated).toBe(false);
    expect(stopped.current?.error?.name).toBe("AbortError");
    expect(stopped.current?.error).not.toBeInstanceOf(KnowledgeWorkerRestarted);
  });

  it("sends no probes while nothing is in flight", async () => {
    const { client, workers } = setup([true]);
    const stats = client.stats("g1", "kb-1");
    const worker = workers[0]!;
    worker.reply({ type: "kb_result", requestId: worker.idOf("kb_stats"), ok: true, value: { files: 0, chunks: 0, bytes: 0 } });
    await stats;
    const sent = worker.posted.length;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(worker.posted).toHaveLength(sent);
    expect(worker.terminated).toBe(false);
  });

  it("rejects a request when no worker can be started, and tries again on the next one", async () => {
    let attempts = 0;
    const client = createKnowledgeClient(() => {
      attempts++;
      throw new Error("Workers are not allowed here");
    });
    await expect(client.stats("g1", "kb-1")).rejects.toThrow("Workers are not allowed here");
    expect(vi.getTimerCount()).toBe(0);
    await expect(client.texts("g1", "kb-1")).rejects.toThrow("Workers are not allowed here");
    expect(attempts).toBe(2);
  });
});
