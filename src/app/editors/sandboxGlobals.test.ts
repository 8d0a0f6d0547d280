import { describe, expect, it } from "vitest";
import { inProcessSandbox } from "../../tools/sandbox/inProcess.js";
import { HOST_ONLY_GLOBALS, SANDBOX_GLOBALS } from "./sandboxGlobals";

describe("the sandbox globals the code editor knows", () => {
  it("are exactly the globals a real sandbox has, and none of the host-only ones", async () => {
    const outcome = await inProcessSandbox.run({
      code: `return { own: Object.getOwnPropertyNames(globalThis), host: ${JSON.stringify(Object.keys(HOST_ONLY_GLOBALS))}.filter((n) => n in globalThis) };`,
      args: {},
      timeoutMs: 2000,
      memoryLimitBytes: 32 << 20,
    });
    expect(outcome.ok).toBe(true);
    const { own, host } = (outcome as { value: { own: string[]; host: string[] } }).value;
    expect([...own].sort()).toEqual([...SANDBOX_GLOBALS].sort());
    expect(host).toEqual([]);
  });
});
