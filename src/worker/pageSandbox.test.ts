import { describe, expect, it } from "vitest";
import { inProcessSandbox } from "../tools/sandbox/inProcess.js";
import { createPageSandbox } from "./pageSandbox";
import type { FromWorker, SandboxRunMessage } from "./protocol";

const request = { code: "return args.n * 2;", args: { n: 21 }, timeoutMs: 1_000, memoryLimitBytes: 8 << 20 };

describe("the engine worker's page sandbox", () => {
  it("posts the code to the page and answers with the page's outcome", async () => {
    const posted: FromWorker[] = [];
    // The page: runs what it is posted on QuickJS and answers, as the app's frame does.
    const page = createPageSandbox((message) => {
      posted.push(message);
      const { requestId, request: asked } = message as SandboxRunMessage;
      void inProcessSandbox.run(asked).then((outcome) => page.settle({ type: "sandbox_result", requestId, outcome }));
    });
    await expect(page.sandbox.run(request)).resolves.toEqual({ ok: true, value: 42 });
    expect(posted).toEqual([{ type: "sandbox_run", requestId: expect.any(String), request }]);
  });

  it("stops waiting for the page when the call is aborted, and ignores the late answer", async () => {
    const posted: SandboxRunMessage[] = [];
    const page = createPageSandbox((message) => posted.push(message as SandboxRunMessage));
    const controller = new AbortController();
    const running = page.sandbox.run(request, controller.signal);
    controller.abort(new Error("run cancelled"));
    await expect(running).rejects.toThrow("run cancelled");
    page.settle({ type: "sandbox_result", requestId: posted[0]!.requestId, outcome: { ok: true, value: 1 } });
  });

  it("matches each answer to its own run when several wait", async () => {
    const posted: SandboxRunMessage[] = [];
    const page = createPageSandbox((message) => posted.push(message as SandboxRunMessage));
    const first = page.sandbox.run(request);
    const second = page.sandbox.run(request);
    page.settle({ type: "sandbox_result", requestId: posted[1]!.requestId, outcome: { ok: true, value: "second" } });
    page.settle({ type: "sandbox_result", requestId: posted[0]!.requestId, outcome: { ok: false, code: "THROWN", message: "first" } });
    await expect(first).resolves.toEqual({ ok: false, code: "THROWN", message: "first" });
    await expect(second).resolves.toEqual({ ok: true, value: "second" });
  });
});
