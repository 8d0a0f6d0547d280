// The engine client runs JavaScript tools' code for the worker, which cannot host the
// sandboxed frame: a `sandbox_run` is answered with a `sandbox_result` to the worker that asked.
import { describe, expect, it, vi } from "vitest";
import type { FromWorker, SandboxOutcome, SandboxRequest, ToWorker } from "../../worker/protocol";
import { createEngineClient, type WorkerLike } from "./engineClient";

class FakeWorker implements WorkerLike {
  readonly posted: ToWorker[] = [];
  private readonly listeners: ((event: MessageEvent<FromWorker>) => void)[] = [];
  postMessage(message: ToWorker): void {
    this.posted.push(message);
  }
  addEventListener(type: string, listener: unknown): void {
    if (type === "message") this.listeners.push(listener as (event: MessageEvent<FromWorker>) => void);
  }
  emit(data: FromWorker): void {
    for (const listener of this.listeners) listener({ data } as MessageEvent<FromWorker>);
  }
}

const request: SandboxRequest = { code: "return 1;", args: {}, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 };

/** A client on one fake worker, started by asking for a checkpoint it never answers. */
function setup(runSandboxed: (request: SandboxRequest) => Promise<SandboxOutcome>) {
  const worker = new FakeWorker();
  const engine = createEngineClient(() => worker, { runSandboxed });
  engine.resumeBackgroundTasks?.();
  /** The worker's last message, once it is a sandbox answer. */
  const answered = () =>
    vi.waitFor(() => {
      const last = worker.posted.at(-1);
      expect(last).toMatchObject({ type: "sandbox_result" });
      return last;
    });
  return { worker, answered };
}

describe("the engine client's sandbox relay", () => {
  it("answers the worker's sandbox_run with the outcome of the page's sandbox", async () => {
    const seen: SandboxRequest[] = [];
    const { worker, answered } = setup(async (asked) => (seen.push(asked), { ok: true, value: 7 }));
    worker.emit({ type: "sandbox_run", requestId: "sbx_1", request });
    expect(await answered()).toEqual({ type: "sandbox_result", requestId: "sbx_1", outcome: { ok: true, value: 7 } });
    expect(seen).toEqual([request]);
  });

  it("answers with a SANDBOX_FAILED outcome when the sandbox itself fails, so the tool call never hangs", async () => {
    const { worker, answered } = setup(() => Promise.reject(new Error("frame refused")));
    worker.emit({ type: "sandbox_run", requestId: "sbx_2", request });
    expect(await answered()).toEqual({
      type: "sandbox_result",
      requestId: "sbx_2",
      outcome: { ok: false, code: "SANDBOX_FAILED", message: "The JavaScript sandbox failed: frame refused" },
    });
  });
});
