import { describe, expect, it } from "vitest";
import { toolSchema, type ToolOfKind } from "../schema/index.js";
import { javascriptTool, JavaScriptToolError } from "./javascript.js";

function tool(code: string, config: Record<string, unknown> = {}): ToolOfKind<"javascript"> {
  return toolSchema.parse({ id: "t", kind: "javascript", name: "compute", config: { code, ...config } }) as ToolOfKind<"javascript">;
}

const context = { callId: "c1" };
const run = (code: string, args: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  javascriptTool(tool(code, config)).invoke(args, context);

async function failureOf(promise: Promise<unknown>): Promise<JavaScriptToolError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(JavaScriptToolError);
  return error as JavaScriptToolError;
}

describe("JavaScript tools", () => {
  it("gets its sandbox ready when the tool is made, before any call", () => {
    let prepared = 0;
    javascriptTool(tool("return 1;"), { sandbox: { run: () => Promise.reject(new Error("not called")), prepare: () => void prepared++ } });
    expect(prepared).toBe(1);
  });

  it("returns the JSON value the code returns, with the call's arguments as args", async () => {
    expect(
      await run("const total = args.items.reduce((sum, n) => sum + n, 0);\nreturn { total, mean: total / args.items.length };", { items: [2, 4, 9] }),
    ).toEqual({
      total: 15,
      mean: 5,
    });
  });

  it("runs the code as an async function body, so it may await", async () => {
    expect(await run("const value = await Promise.resolve(args.n * 2);\nreturn value;", { n: 21 })).toBe(42);
  });

  it("reads code that returns nothing as null", async () => {
    expect(await run("args.ignored = true;")).toBeNull();
  });

  it("turns an error the code throws into a tool error with its message", async () => {
    const error = await failureOf(run("throw new Error('no such customer: ' + args.id);", { id: 7 }));
    expect(error).toMatchObject({ code: "THROWN", message: "no such customer: 7" });
  });

  it("names the error class of a built-in error and of a syntax error", async () => {
    expect(await failureOf(run("return args.missing.field;"))).toMatchObject({ code: "THROWN", message: expect.stringMatching(/^TypeError: /) });
    expect(await failureOf(run("return 1 +;"))).toMatchObject({ code: "THROWN", message: expect.stringMatching(/^SyntaxError: /) });
  });

  it("stops while (true) {} within timeout_ms + 500 ms, and the next call works", async () => {
    const started = performance.now();
    const error = await failureOf(run("while (true) {}", {}, { timeout_ms: 300 }));
    expect(performance.now() - started).toBeLessThan(300 + 500);
    expect(error).toMatchObject({ code: "TIMEOUT", message: "The JavaScript code did not finish within 300 ms and was stopped." });
    expect(await run("return args.after;", { after: "still works" })).toBe("still works");
  });

  it("keeps a loop that catches the interrupt from running on", async () => {
    const error = await failureOf(run("for (;;) { try { while (true) {} } catch (e) { /* swallow */ } }", {}, { timeout_ms: 200 }));
    expect(error.code).toBe("TIMEOUT");
  });

  it("stops a memory bomb with a memory error, and the next call works", async () => {
    const error = await failureOf(run("const hoard = [];\nwhile (true) hoard.push({ n: hoard.length, pad: [1, 2, 3] });", {}, { memory_limit_mb: 8 }));
    expect(error).toMatchObject({ code: "MEMORY", message: "The JavaScript code ran out of memory (limit 8 MB) and was stopped." });
    expect(await run("return 1 + 1;")).toBe(2);
  });

  it("stops a loop whose every step is a long native call within timeout_ms + 500 ms, and the next call works", async () => {
    const started = performance.now();
    const error = await failureOf(run("const hoard = [];\nwhile (true) hoard.push(new Array(100000).fill(1));", {}, { timeout_ms: 300, memory_limit_mb: 256 }));
    expect(performance.now() - started).toBeLessThan(300 + 500);
    expect(error.code).toBe("TIMEOUT");
    expect(await run("return 'fresh';")).toBe("fresh");
  });

  it("stops unbounded recursion at the 128 KB stack", async () => {
    expect(await failureOf(run("function dive(n) { return dive(n + 1) + 1; }\nreturn dive(0);"))).toMatchObject({ code: "STACK" });
  });

  it("gives the code no network, timers, storage, modules or host objects", async () => {
    const globals = [
      "fetch",
      "XMLHttpRequest",
      "WebSocket",
      "setTimeout",
      "setInterval",
      "process",
      "require",
      "Deno",
      "document",
      "window",
      "self",
      "indexedDB",
      "localStorage",
      "importScripts",
      "postMessage",
      "std",
      "os",
    ];
    const seen = await run(`return Object.fromEntries(${JSON.stringify(globals)}.map((name) => [name, typeof globalThis[name]]));`);
    expect(seen).toEqual(Object.fromEntries(globals.map((name) => [name, "undefined"])));
  });

  it("keeps nothing from one call to the next", async () => {
    await run("globalThis.leftover = 'secret';");
    expect(await run("return typeof globalThis.leftover;")).toBe("undefined");
  });

  it("drops console output instead of failing on it", async () => {
    expect(await run("console.log('working on', args.n);\nconsole.error('still fine');\nreturn args.n;", { n: 3 })).toBe(3);
  });

  it("refuses a result that is not JSON", async () => {
    expect(await failureOf(run("return () => 1;"))).toMatchObject({ code: "NOT_JSON" });
    expect(await failureOf(run("const loop = {}; loop.self = loop; return loop;"))).toMatchObject({ code: "NOT_JSON" });
  });

  it("says so when the code awaits something that can never settle", async () => {
    expect(await failureOf(run("await new Promise(() => {});"))).toMatchObject({ code: "NOT_SETTLED" });
  });

  it("gives an old document's JavaScript tool the default memory limit", () => {
    expect(tool("return 1;").config).toEqual({ code: "return 1;", timeout_ms: 5000, memory_limit_mb: 32 });
  });
});
