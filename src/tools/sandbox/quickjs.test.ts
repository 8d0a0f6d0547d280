import { describe, expect, it } from "vitest";
import { inProcessSandbox } from "./inProcess.js";

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
