import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import type { RunnableTool } from "../engine/ports.js";
import { builtinToolNames, toolSchema, type ToolDefinition } from "../schema/index.js";
import { builtinInputSchemas, builtinTool } from "./builtin.js";
import { mockTool } from "./mock.js";
import { createToolResolver } from "./resolver.js";

type BuiltinName = (typeof builtinToolNames)[number];
type MockConfig = Extract<z.input<typeof toolSchema>, { kind: "mock" }>["config"];

const context = { callId: "call_1_0" };

function builtin(name: BuiltinName, fields: Record<string, unknown> = {}): RunnableTool {
  const definition = toolSchema.parse({ id: name, name, kind: "builtin", config: { builtin: name }, ...fields });
  if (definition.kind !== "builtin") throw new Error("expected a builtin tool");
  return builtinTool(definition);
}

function mock(config: MockConfig): RunnableTool {
  const definition = toolSchema.parse({ id: "weather", name: "get_weather", kind: "mock", config });
  if (definition.kind !== "mock") throw new Error("expected a mock tool");
  return mockTool(definition);
}

/** The message a promise rejects with (fails the test if it resolves). */
async function rejectionMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return (error as Error).message;
  }
  throw new Error("expected a rejection");
}

describe("calculator", () => {
  const calculator = builtin("calculator");
  const calculate = (expression: unknown) => calculator.invoke({ expression }, context);

  it("evaluates arithmetic with parentheses", async () => {
    await expect(calculate("2 * (3 + 4)")).resolves.toBe("14");
  });

  it("evaluates functions", async () => {
    await expect(calculate("sqrt(16)")).resolves.toBe("4");
  });

  it("renders matrices and units as text", async () => {
    await expect(calculate("[1, 2] * 2")).resolves.toBe("[2, 4]");
    await expect(calculate("2 m + 50 cm")).resolves.toBe("2.5 m");
  });

  it.each([
    ["an empty string", ""],
    ["only whitespace", "   "],
    ["a number", 14],
    ["nothing", undefined],
  ])("rejects %s as the expression with a clear message", async (_, expression) => {
    expect(await rejectionMessage(calculate(expression))).toBe('Argument "expression" must be a non-empty string');
  });

  it("accepts an expression of 1,000 characters", async () => {
    await expect(calculate(`1${" ".repeat(999)}`)).resolves.toBe("1");
  });

  it("rejects an expression longer than 1,000 characters", async () => {
    expect(await rejectionMessage(calculate(`1${" ".repeat(1_000)}`))).toBe("Expression is longer than 1,000 characters");
  });

  it.each([
    "import({}, {})",
    'createUnit("foo")',
    'evaluate("1")',
    'parse("1")',
    'simplify("x + x")',
    'derivative("x^2", "x")',
    'compile("1")',
    'resolve(parse("x"), {})',
  ])("refuses the blocked function in %s", async (expression) => {
    expect(await rejectionMessage(calculate(expression))).toMatch(/is not allowed in the calculator/);
  });

  it("still calculates after a blocked function was refused", async () => {
    await rejectionMessage(calculate('createUnit("foo")'));
    await expect(calculate("1 + 1")).resolves.toBe("2");
  });

  it("rejects an expression that produces no value", async () => {
    expect(await rejectionMessage(calculate("# only a comment"))).toMatch(/did not produce a value/);
  });

  it.each(["cos", "import", "f(x) = x"])("rejects %s, which produces a function rather than a value", async (expression) => {
    expect(await rejectionMessage(calculate(expression))).toMatch(/did not produce a value/);
  });

  it("reports an unknown symbol", async () => {
    expect(await rejectionMessage(calculate("x + 1"))).toMatch(/Undefined symbol x/);
  });
});

describe("echo", () => {
  it("returns its text", async () => {
    await expect(builtin("echo").invoke({ text: "hello" }, context)).resolves.toBe("hello");
  });

  it("returns all arguments when there is no text", async () => {
    await expect(builtin("echo").invoke({ other: 1 }, context)).resolves.toEqual({ other: 1 });
  });
});

describe("http_fetch", () => {
  const BIG = "x".repeat(25_000);
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/ok") return void response.end("hello from the server");
      if (request.url === "/big") return void response.end(BIG);
      if (request.url === "/slow") return; // never answers
      response.statusCode = 404;
      response.end("not here");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });

  const fetchTool = builtin("http_fetch");

  it.each([
    ["file:///etc/passwd", "file:"],
    ["javascript:alert(1)", "javascript:"],
    ["data:text/plain,hi", "data:"],
  ])("refuses %s", async (url, protocol) => {
    expect(await rejectionMessage(fetchTool.invoke({ url }, context))).toBe(`Only http and https URLs can be fetched, not ${protocol}`);
  });

  it("rejects a string that is not a URL", async () => {
    expect(await rejectionMessage(fetchTool.invoke({ url: "not a url" }, context))).toMatch(/Invalid URL/i);
  });

  it("returns the body of a page", async () => {
    await expect(fetchTool.invoke({ url: `${base}/ok` }, context)).resolves.toBe("hello from the server");
  });

  it("reports an error status with the host, the status and the body", async () => {
    const host = new URL(base).host;
    expect(await rejectionMessage(fetchTool.invoke({ url: `${base}/missing` }, context))).toBe(`${host} answered 404 Not Found: not here`);
  });

  it("truncates a body over 20,000 characters and says by how much", async () => {
    const text = await fetchTool.invoke({ url: `${base}/big` }, context);
    expect(text).toBe(`${"x".repeat(20_000)}\n[truncated 5000 characters]`);
  });

  it("stops waiting when the signal fires", async () => {
    const controller = new AbortController();
    const pending = fetchTool.invoke({ url: `${base}/slow` }, { ...context, signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(pending).rejects.toThrow(/abort/i);
  });
});

describe("builtin input schemas", () => {
  it.each(builtinToolNames)("gives %s its built-in schema when the document leaves it empty", (name) => {
    expect(builtin(name).definition.input_schema).toEqual(builtinInputSchemas[name]);
  });

  it("keeps a schema the document gives", () => {
    const schema = { type: "object", properties: { expression: { type: "string", description: "custom" } } };
    expect(builtin("calculator", { input_schema: schema }).definition.input_schema).toEqual(schema);
  });

  it("keeps the rest of the definition", () => {
    const tool = builtin("echo", { description: "Says it back", return_direct: true });
    expect(tool.definition).toMatchObject({ name: "echo", description: "Says it back", return_direct: true });
  });
});

describe("mock tool", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const weather = () =>
    mock({
      responses: [
        { when: '"city":"paris"', result: "Sunny in {{ args.city }}" },
        { when: "nowhere", error: "No weather for {{ args.city }}" },
        { when: "city", result: "Cloudy in {{ args.city }}" },
      ],
      default: "no city given",
    });

  it("answers with the first response whose regex matches the JSON of the arguments, ignoring case", async () => {
    await expect(weather().invoke({ city: "Paris" }, context)).resolves.toBe("Sunny in Paris");
    await expect(weather().invoke({ city: "Oslo" }, context)).resolves.toBe("Cloudy in Oslo");
  });

  it("throws the rendered error of a matching error response", async () => {
    expect(await rejectionMessage(weather().invoke({ city: "Nowhere" }, context))).toBe("No weather for Nowhere");
  });

  it("answers with the default when no response matches", async () => {
    await expect(weather().invoke({ days: 3 }, context)).resolves.toBe("no city given");
  });

  it('answers with "ok" when the document sets no default', async () => {
    await expect(mock({}).invoke({}, context)).resolves.toBe("ok");
  });

  it("renders placeholders in the default", async () => {
    await expect(mock({ default: "echo {{ args.q }}" }).invoke({ q: "hi" }, context)).resolves.toBe("echo hi");
  });

  it("answers arguments of 46 characters under the exponential when (\\w+\\s?)*! instead of blocking the worker", async () => {
    const tool = mock({ responses: [{ when: "(\\w+\\s?)*!", result: "exclaimed" }], default: "calm" });
    const args = { q: "x".repeat(38) };
    expect(JSON.stringify(args)).toHaveLength(46);
    await expect(tool.invoke(args, context)).resolves.toBe("calm");
    await expect(tool.invoke({ q: "hello!" }, context)).resolves.toBe("exclaimed");
  });

  it("treats a response without a regex as matching anything", async () => {
    const tool = mock({ responses: [{ result: "always" }, { when: "x", result: "never" }] });
    await expect(tool.invoke({ x: 1 }, context)).resolves.toBe("always");
  });

  it("waits latency_ms before answering", async () => {
    vi.useFakeTimers();
    let result: unknown;
    void mock({ latency_ms: 200 })
      .invoke({}, context)
      .then((value) => (result = value));
    await vi.advanceTimersByTimeAsync(199);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toBe("ok");
  });

  it("rejects when the signal fires during the latency", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const pending = rejectionMessage(mock({ latency_ms: 1_000 }).invoke({}, { ...context, signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await pending).toBe("The tool call was cancelled");
  });

  it("rejects at once when the signal was aborted before the call", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort();
    let settled: string | undefined;
    void mock({ latency_ms: 1_000 })
      .invoke({}, { ...context, signal: controller.signal })
      .then(
        () => (settled = "resolved"),
        (error: Error) => (settled = error.message),
      );
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe("The tool call was cancelled");
  });
});

describe("createToolResolver", () => {
  const resolver = createToolResolver();
  const parse = (input: Record<string, unknown>): ToolDefinition => toolSchema.parse(input);

  it("resolves builtin and mock tools to runnable tools", async () => {
    const echo = resolver.resolve(parse({ id: "e", name: "echo", kind: "builtin", config: { builtin: "echo" } }));
    const weather = resolver.resolve(parse({ id: "w", name: "get_weather", kind: "mock", config: { default: "sunny" } }));
    await expect(echo.invoke({ text: "hi" }, context)).resolves.toBe("hi");
    await expect(weather.invoke({}, context)).resolves.toBe("sunny");
  });

  it("resolves an mcp tool without connecting to its server", () => {
    const definition = parse({ id: "t", name: "search", kind: "mcp", config: { server_url: "https://mcp.example.com", tool: "search" } });
    expect(resolver.resolve(definition).definition).toBe(definition);
  });
});
