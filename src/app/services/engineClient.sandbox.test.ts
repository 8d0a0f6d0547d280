// The engine client hands the worker a port straight to the page's JavaScript tool sandbox (the
// worker cannot host the sandboxed frame), tells it when that frame goes, and removes frames a
// worker reports stuck or that a dead worker held ports to.
import { describe, expect, it, vi } from "vitest";
import type { FromWorker, ToWorker } from "../../worker/protocol";
import { createEngineClient, type WorkerLike } from "./engineClient";
import type { SandboxHost } from "./sandboxRelay";

class FakeWorker implements WorkerLike {
  readonly posted: { message: ToWorker; transfer?: Transferable[] }[] = [];
  private readonly listeners = new Map<string, ((event: never) => void)[]>();
  postMessage(message: ToWorker, transfer?: Transferable[]): void {
    this.posted.push({ message, transfer });
  }
  addEventListener(type: string, listener: unknown): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener as (event: never) => void]);
  }
  emit(data: FromWorker): void {
    for (const listener of this.listeners.get("message") ?? []) listener({ data } as never);
  }
  fail(message: string): void {
    for (const listener of this.listeners.get("error") ?? []) listener({ message } as never);
  }
}

/** A page sandbox whose frames are numbered 1, 2, …; `remove` plays the page removing the current one. */
function fakeHost(fail?: string) {
  const killed: number[] = [];
  const ports: MessagePort[] = [];
  let generation = 0;
  let onLost: (() => void) | undefined;
  const host: SandboxHost = {
    async connect(lost) {
      if (fail) throw new Error(fail);
      onLost = lost;
      const { port1 } = new MessageChannel();
      ports.push(port1);
      return { port: port1, generation: ++generation };
    },
    kill: (gone) => void killed.push(gone),
  };
  return { host, killed, ports, remove: () => onLost?.() };
}

/** A client on one fake worker, started by asking for a checkpoint it never answers. */
function setup(host: SandboxHost) {
  const worker = new FakeWorker();
  const engine = createEngineClient(() => worker, { sandbox: host });
  engine.resumeBackgroundTasks?.();
  const last = (type: string) =>
    vi.waitFor(() => {
      const found = worker.posted.findLast(({ message }) => message.type === type);
      expect(found).toBeDefined();
      return found!;
    });
  return { worker, last };
}

describe("the engine client's sandbox bridge", () => {
  it("answers the worker's sandbox_connect with a transferred port to the sandbox and its frame's generation", async () => {
    const page = fakeHost();
    const { worker, last } = setup(page.host);
    worker.emit({ type: "sandbox_connect", requestId: "sbx_1" });
    const answer = await last("sandbox_port");
    expect(answer.message).toEqual({ type: "sandbox_port", requestId: "sbx_1", port: page.ports[0], generation: 1 });
    expect(answer.transfer).toEqual([page.ports[0]]);
    page.ports[0]!.close();
  });

  it("answers with why the sandbox could not start, so the tool call never hangs", async () => {
    const { worker, last } = setup(fakeHost("frame refused").host);
    worker.emit({ type: "sandbox_connect", requestId: "sbx_2" });
    expect((await last("sandbox_port")).message).toEqual({ type: "sandbox_port", requestId: "sbx_2", error: "frame refused" });
  });

  it("tells the worker when the frame it holds a port to is removed", async () => {
    const page = fakeHost();
    const { worker, last } = setup(page.host);
    worker.emit({ type: "sandbox_connect", requestId: "sbx_3" });
    await last("sandbox_port");
    page.remove();
    expect((await last("sandbox_lost")).message).toEqual({ type: "sandbox_lost", generation: 1 });
    page.ports[0]!.close();
  });

  it("removes the frame a worker reports stuck past its backstop", () => {
    const page = fakeHost();
    const { worker } = setup(page.host);
    worker.emit({ type: "sandbox_stuck", generation: 4 });
    expect(page.killed).toEqual([4]);
  });

  it("removes the frames a worker that died held ports to, since no one is left to stop its code", async () => {
    const page = fakeHost();
    const { worker, last } = setup(page.host);
    worker.emit({ type: "sandbox_connect", requestId: "sbx_5" });
    await last("sandbox_port");
    expect(page.killed).toEqual([]);
    worker.fail("the engine worker failed to load");
    expect(page.killed).toEqual([1]);
    page.ports[0]!.close();
  });
});
