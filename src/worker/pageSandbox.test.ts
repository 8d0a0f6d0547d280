// The engine worker's sandbox: one port from the page, straight to the sandbox worker (here a
// real MessageChannel whose far end runs QuickJS in-process, as the frame's worker does).
import { afterEach, describe, expect, it } from "vitest";
import { inProcessSandbox } from "../tools/sandbox/inProcess.js";
import type { FromSandboxPort, SandboxRequest, ToSandboxPort } from "../tools/sandbox/types.js";
import { createPageSandbox, type PageSandbox } from "./pageSandbox";
import type { FromWorker, SandboxPort } from "./protocol";

const request: SandboxRequest = { code: "return args.n * 2;", args: { n: 21 }, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 };

interface FarEnd {
  /** What arrived at the sandbox worker's end. */
  received: ToSandboxPort[];
  reply(message: FromSandboxPort): void;
}

const opened: MessagePort[] = [];
afterEach(() => {
  for (const port of opened.splice(0)) port.close();
});

/** A channel whose far end behaves like the frame's worker: `started`, then the QuickJS outcome (or whatever `answer` does). */
function sandboxWorker(answer?: (run: ToSandboxPort, far: FarEnd) => void): { port: SandboxPort; far: FarEnd } {
  const channel = new MessageChannel();
  opened.push(channel.port1, channel.port2);
  const far: FarEnd = { received: [], reply: (message) => channel.port2.postMessage(message) };
  channel.port2.onmessage = ({ data }: MessageEvent<ToSandboxPort>) => {
    far.received.push(data);
    if (answer) return answer(data, far);
    far.reply({ type: "started", id: data.id });
    void inProcessSandbox.run(data.request).then((outcome) => far.reply({ type: "result", id: data.id, outcome }));
  };
  return { port: channel.port1 as unknown as SandboxPort, far };
}

/** A page that answers every `sandbox_connect` with the next of `ports` (generation 1, 2, …), or says it could not start for `null`. */
function withPage(ports: (SandboxPort | null)[], options: Parameters<typeof createPageSandbox>[1] = {}) {
  const posted: FromWorker[] = [];
  let generation = 0;
  const page: PageSandbox = createPageSandbox((message) => {
    posted.push(message);
    if (message.type !== "sandbox_connect") return;
    const port = ports.shift();
    queueMicrotask(() =>
      page.connected(
        port
          ? { type: "sandbox_port", requestId: message.requestId, port, generation: ++generation }
          : { type: "sandbox_port", requestId: message.requestId, error: "it did not start in time" },
      ),
    );
  }, options);
  return { page, posted };
}

/** Timers the test fires by hand. */
function manualTimers() {
  const armed = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  return {
    armed,
    options: {
      setTimeout: (callback: () => void, ms: number) => (armed.set(++next, { callback, ms }), next),
      clearTimeout: (handle: unknown) => void armed.delete(handle as number),
    },
    fireAll: () => [...armed.entries()].forEach(([handle, { callback }]) => (armed.delete(handle), callback())),
  };
}

describe("the engine worker's page sandbox", () => {
  it("runs code on the port the page handed over, asking the page only once", async () => {
    const { port, far } = sandboxWorker();
    const { page, posted } = withPage([port]);
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
    await expect(page.sandbox.run({ ...request, args: { n: 5 } })).resolves.toEqual({ ok: true, value: 10 });
    expect(posted).toEqual([{ type: "sandbox_connect", requestId: expect.any(String) }]);
    expect(far.received.map((run) => run.request.args)).toEqual([{ n: 21 }, { n: 5 }]);
  });

  it("asks the page for its port when prepared, so the first run finds it connected", async () => {
    const { port } = sandboxWorker();
    const { page, posted } = withPage([port]);
    page.sandbox.prepare?.();
    expect(posted).toEqual([{ type: "sandbox_connect", requestId: expect.any(String) }]);
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
    expect(posted).toHaveLength(1);
  });

  it("sends each request through the redactor before it enters the sandbox", async () => {
    const { port, far } = sandboxWorker();
    const { page } = withPage([port], { redact: (asked) => ({ ...asked, args: { n: 1 } }) });
    await expect(page.sandbox.run({ ...request, args: { n: 21, key: "sk-secret" } })).resolves.toEqual({ ok: true, value: 2 });
    expect(JSON.stringify(far.received)).not.toContain("sk-secret");
  });

  it("keeps nothing from one call to the next on the same port", async () => {
    const { port } = sandboxWorker();
    const { page } = withPage([port]);
    await page.sandbox.run({ ...request, code: "globalThis.leak = 1; return 1;" });
    await expect(page.sandbox.run({ ...request, code: "return typeof globalThis.leak;" })).resolves.toEqual({ ok: true, value: "undefined" });
  });

  it("answers a timeout once the backstop passes after the worker started the run, asks the page to remove that frame, and connects again", async () => {
    const timers = manualTimers();
    const hung = sandboxWorker((run, far) => far.reply({ type: "started", id: run.id }));
    const fresh = sandboxWorker();
    const { page, posted } = withPage([hung.port, fresh.port], timers.options);
    const running = page.sandbox.run(request);
    await expect.poll(() => timers.armed.size).toBe(1);
    expect([...timers.armed.values()][0]!.ms).toBe(request.timeoutMs + 400);
    timers.fireAll();
    await expect(running).resolves.toEqual({
      ok: false,
      code: "TIMEOUT",
      message: "The JavaScript code did not finish within 1000 ms; its sandbox was shut down.",
    });
    expect(posted).toContainEqual({ type: "sandbox_stuck", generation: 1 });
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
    expect(posted.filter((message) => message.type === "sandbox_connect")).toHaveLength(2);
  });

  it("arms no backstop while a run waits behind another caller's run", async () => {
    const timers = manualTimers();
    const queued = sandboxWorker(() => undefined);
    const { page } = withPage([queued.port], timers.options);
    void page.sandbox.run(request);
    await expect.poll(() => queued.far.received.length).toBe(1);
    expect(timers.armed.size).toBe(0);
    queued.far.reply({ type: "started", id: queued.far.received[0]!.id });
    await expect.poll(() => timers.armed.size).toBe(1);
  });

  it("fails a waiting run when the page removed its frame, and the next run connects again", async () => {
    const silent = sandboxWorker(() => undefined);
    const fresh = sandboxWorker();
    const { page } = withPage([silent.port, fresh.port]);
    const running = page.sandbox.run(request);
    await expect.poll(() => silent.far.received.length).toBe(1);
    page.lost({ type: "sandbox_lost", generation: 1 });
    await expect(running).resolves.toEqual({ ok: false, code: "SANDBOX_FAILED", message: "The JavaScript sandbox was shut down before the code answered." });
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
  });

  it("says the sandbox failed to start when the page could not start it, and asks again on the next run", async () => {
    const { port } = sandboxWorker();
    const { page, posted } = withPage([null, port]);
    await expect(page.sandbox.run(request)).resolves.toEqual({
      ok: false,
      code: "SANDBOX_FAILED",
      message: "The JavaScript sandbox failed to start: it did not start in time",
    });
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
    expect(posted.filter((message) => message.type === "sandbox_connect")).toHaveLength(2);
  });

  it("stops waiting at once when the call is aborted", async () => {
    const silent = sandboxWorker(() => undefined);
    const { page } = withPage([silent.port]);
    const controller = new AbortController();
    const running = page.sandbox.run(request, controller.signal);
    await expect.poll(() => silent.far.received.length).toBe(1);
    controller.abort(new Error("Stopped by the user."));
    await expect(running).rejects.toThrow("Stopped by the user.");
  });
});
