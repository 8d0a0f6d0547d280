import { describe, expect, it } from "vitest";
import variant from "@jitl/quickjs-wasmfile-release-sync";
import { newQuickJSWASMModuleFromVariant } from "quickjs-emscripten-core";
import { inProcessSandbox } from "./inProcess.js";
import { quickJSSandbox } from "./quickjs.js";

const run = (code: string) => inProcessSandbox.run({ code, args: {}, timeoutMs: 2000, memoryLimitBytes: 32 << 20 });

describe("QuickJS sandbox error locations", () => {
  it("says on which line and column of the tool's code a thrown error, a runtime error and a syntax error happened", async () => {
    expect(await run("const a = 1;\nthrow new Error('boom');")).toMatchObject({ ok: false, code: "THROWN", message: "boom", line: 2, column: 16 });
    expect(await run("const a = 1;\n\nundefinedFn(a);")).toMatchObject({ code: "THROWN", message: "ReferenceError: 'undefinedFn' is not defined", line: 3 });
    expect(await run("const a = 1;\nconst b = a +;\nreturn b;")).toMatchObject({ code: "THROWN", message: expect.stringMatching(/^SyntaxError: /), line: 2 });
  });

  it("gives no location for a failure that has no place in the code", async () => {
    const outcome = await run("return () => 1;");
    expect(outcome).toMatchObject({ ok: false, code: "NOT_JSON" });
    expect(outcome).not.toHaveProperty("line");
  });
});

describe("QuickJS sandbox runtimes", () => {
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("makes the next run's runtime after answering, and still starts each run clean", async () => {
    const real = await newQuickJSWASMModuleFromVariant(variant);
    let made = 0;
    const counted = new Proxy(real, {
      get(target, key, receiver) {
        if (key === "newRuntime") return () => (made++, target.newRuntime());
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const sandbox = quickJSSandbox(() => Promise.resolve(counted));
    const request = (code: string) => ({ code, args: {}, timeoutMs: 2000, memoryLimitBytes: 32 << 20 });

    expect(await sandbox.run(request("globalThis.leak = 'left over'; return 1;"))).toEqual({ ok: true, value: 1 });
    expect(made).toBe(1);
    await tick();
    // Made after the answer, for the next run.
    expect(made).toBe(2);
    expect(await sandbox.run(request("return typeof globalThis.leak;"))).toEqual({ ok: true, value: "undefined" });
    expect(made).toBe(2);
    // A run stopped by its limits leaves nothing behind either.
    await tick();
    expect(
      await sandbox.run({ ...request("const a = []; for (;;) a.push({ n: a.length, pad: [1, 2, 3] });"), timeoutMs: 20_000, memoryLimitBytes: 4 << 20 }),
    ).toMatchObject({ code: "MEMORY" });
    await tick();
    expect(await sandbox.run(request("return [typeof globalThis.leak, typeof a];"))).toEqual({ ok: true, value: ["undefined", "undefined"] });
  });
});
