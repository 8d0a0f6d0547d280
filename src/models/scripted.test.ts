import { AIMessage, HumanMessage, SystemMessage, ToolMessage, type AIMessageChunk, type BaseMessage } from "@langchain/core/messages";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { ExpressionError, ModelError, type ChatModelPort, type ModelCallOptions } from "../engine/index.js";
import { scriptSchema, type Script } from "../schema/index.js";
import { createScriptedModel, scriptedReply, tokenize } from "./scripted.js";
import { profile, rejection, textOf, weatherTool } from "./testing/collect.js";

const script = (input: z.input<typeof scriptSchema>): Script => scriptSchema.parse(input);

function scriptedModel(
  rules: z.input<typeof scriptSchema>["rules"],
  extra: Omit<z.input<typeof scriptSchema>, "rules"> = {},
  toolCalling = true,
): ChatModelPort {
  const p = profile({ id: "demo", provider: "scripted", tool_calling: toolCalling });
  return createScriptedModel({ profile: p, profiles: [p], agent: "Assistant", script: script({ rules, ...extra }) });
}

async function drain(port: ChatModelPort, messages: BaseMessage[], options: Partial<ModelCallOptions> = {}) {
  const chunks: AIMessageChunk[] = [];
  for await (const chunk of port.stream(messages, { tools: [weatherTool], state: {}, ...options })) chunks.push(chunk);
  const full = chunks.reduce((acc, c) => acc.concat(c));
  return { chunks, full, text: textOf(full) };
}

const user = (text: string) => [new HumanMessage(text)];

/** A user turn in which the model called `tool` and got `result` back. */
function afterTool(text: string, result: string, tool = "get_weather"): BaseMessage[] {
  return [
    new HumanMessage(text),
    new AIMessage({ content: "", tool_calls: [{ id: "call_1_0", name: tool, args: {}, type: "tool_call" }] }),
    new ToolMessage({ content: result, tool_call_id: "call_1_0", name: tool }),
  ];
}

const withTools = { tools: [weatherTool], state: {} };

afterEach(() => {
  vi.useRealTimers();
});

describe("scriptedReply", () => {
  it("lets a rule tell prompt and model variants apart by the system prompt and the answering profile", () => {
    const s = script({
      rules: [
        { when: "system.contains('brief')", reply: "Short answer." },
        { when: "profile == 'fast'", reply: "Fast answer." },
      ],
    });
    const withSystem = (system: string) => [new SystemMessage(system), new HumanMessage("hi")];
    expect(scriptedReply(s, withSystem("Be brief."), withTools, "Assistant", "scripted").text).toBe("Short answer.");
    expect(scriptedReply(s, withSystem("Be thorough."), withTools, "Assistant", "fast").text).toBe("Fast answer.");
    expect(scriptedReply(s, withSystem("Be thorough."), withTools, "Assistant", "scripted").text).toBe("I have no scripted answer for that.");
  });

  it("gives the same reply and tool calls for the same input", () => {
    const s = script({
      rules: [
        { match: "weather in (?<city>\\w+)", reply: "Checking {{ match.city }}", tool_calls: [{ name: "get_weather", args: { city: "{{ match.city }}" } }] },
      ],
    });
    const first = scriptedReply(s, user("weather in Paris"), withTools, "Assistant");
    const second = scriptedReply(s, user("weather in Paris"), withTools, "Assistant");
    // The same reply and calls; only the calls' ids differ, as ids of a thread must.
    const withoutIds = (reply: typeof first) => ({ ...reply, toolCalls: reply.toolCalls.map(({ name, args }) => ({ name, args })) });
    expect(withoutIds(second)).toEqual(withoutIds(first));
    expect(withoutIds(first)).toEqual({ text: "Checking Paris", toolCalls: [{ name: "get_weather", args: { city: "Paris" } }] });
  });

  it("answers with the fallback when no rule matches", () => {
    const s = script({ rules: [{ match: "refund", reply: "Refunds take 3 days" }], fallback: "Sorry?" });
    expect(scriptedReply(s, user("hello"), withTools, "Assistant")).toEqual({ text: "Sorry?", toolCalls: [] });
  });

  it("uses the first matching rule", () => {
    const s = script({
      rules: [
        { match: "a", reply: "first" },
        { match: "a", reply: "second" },
      ],
    });
    expect(scriptedReply(s, user("a"), withTools, "Assistant").text).toBe("first");
  });

  it("skips a matching rule that renders nothing and tries the next", () => {
    const s = script({
      rules: [
        { match: "a", reply: "{{ match.nothing }}" },
        { match: "a", reply: "next" },
      ],
    });
    expect(scriptedReply(s, user("a"), withTools, "Assistant").text).toBe("next");
  });

  it("does not fire an `on: user` rule after a tool result", () => {
    const s = script({ rules: [{ on: "user", reply: "user rule" }] });
    expect(scriptedReply(s, afterTool("weather?", "sunny"), withTools, "Assistant").text).toBe("sunny");
  });

  it("does not fire an `on: tool` rule on a user message", () => {
    const s = script({ rules: [{ on: "tool", reply: "tool rule" }], fallback: "fallback" });
    expect(scriptedReply(s, user("weather?"), withTools, "Assistant").text).toBe("fallback");
  });

  it("fires an `on: any` rule on both a user message and a tool result", () => {
    const s = script({ rules: [{ on: "any", reply: "any rule" }] });
    expect(scriptedReply(s, user("weather?"), withTools, "Assistant").text).toBe("any rule");
    expect(scriptedReply(s, afterTool("weather?", "sunny"), withTools, "Assistant").text).toBe("any rule");
  });

  it("narrows an `on: tool` rule to the named tool", () => {
    const s = script({
      rules: [
        { on: "tool", tool: "lookup_order", reply: "order rule" },
        { on: "tool", tool: "get_weather", reply: "Weather: {{ tool_result }}" },
      ],
    });
    expect(scriptedReply(s, afterTool("weather?", "sunny"), withTools, "Assistant").text).toBe("Weather: sunny");
  });

  it("answers with the tool result when no rule matches it", () => {
    const s = script({ rules: [{ on: "tool", tool: "lookup_order", reply: "order rule" }], fallback: "fallback" });
    expect(scriptedReply(s, afterTool("weather?", "18°C and sunny"), withTools, "Assistant")).toEqual({ text: "18°C and sunny", toolCalls: [] });
  });

  it("fills named and numbered regex groups into the reply", () => {
    const s = script({ rules: [{ match: "weather in (?<city>\\w+) for (\\d+) days", reply: "{{ match.city }}/{{ match.2 }}/{{ match.0 }}" }] });
    expect(scriptedReply(s, user("What's the weather in Lyon for 3 days?"), withTools, "Assistant").text).toBe("Lyon/3/weather in Lyon for 3 days");
  });

  it("fills regex groups into tool arguments, keeping nesting", () => {
    const s = script({
      rules: [
        {
          match: "weather in (?<city>\\w+) for (\\d+) days",
          tool_calls: [{ name: "get_weather", args: { city: "{{ match.city }}", days: "{{ match.2 }}", meta: { q: "q={{ match.1 }}" } } }],
        },
      ],
    });
    const reply = scriptedReply(s, user("weather in Lyon for 3 days"), withTools, "Assistant");
    expect(reply.toolCalls).toEqual([{ id: expect.stringMatching(/^call_/), name: "get_weather", args: { city: "Lyon", days: "3", meta: { q: "q=Lyon" } } }]);
  });

  it("renders an optional group that did not take part as empty", () => {
    const s = script({ rules: [{ match: "hi(?<name> \\w+)?", reply: "Hello[{{ match.name }}]" }] });
    expect(scriptedReply(s, user("hi"), withTools, "Assistant").text).toBe("Hello[]");
  });

  it("fills input, state and agent into the reply", () => {
    const s = script({ rules: [{ reply: "{{ agent }} heard '{{ input }}' with count {{ state.count }}" }] });
    expect(scriptedReply(s, user("ping"), { tools: [], state: { count: 2 } }, "Helper").text).toBe("Helper heard 'ping' with count 2");
  });

  it("matches case-insensitively by default", () => {
    const s = script({ rules: [{ match: "REFUND", reply: "refund rule" }] });
    expect(scriptedReply(s, user("I want a refund"), withTools, "Assistant").text).toBe("refund rule");
  });

  it("matches case-sensitively when flags leave out i", () => {
    const s = script({ rules: [{ match: "REFUND", flags: "", reply: "refund rule" }], fallback: "fallback" });
    expect(scriptedReply(s, user("I want a refund"), withTools, "Assistant").text).toBe("fallback");
    expect(scriptedReply(s, user("I want a REFUND"), withTools, "Assistant").text).toBe("refund rule");
  });

  it("answers a 60-character message under the exponential rule ^(\\w+\\s?)*$ instead of hanging the run", () => {
    const s = script({ rules: [{ match: "^(\\w+\\s?)*$", reply: "only words" }], fallback: "not only words" });
    const message = "Please tell me what the weather will be like in Paris today?";
    expect(message).toHaveLength(60);
    expect(scriptedReply(s, user(message), withTools, "Assistant").text).toBe("not only words");
    expect(scriptedReply(s, user("Please tell me the weather"), withTools, "Assistant").text).toBe("only words");
  });

  it("respects the s and m flags", () => {
    const dotAll = script({ rules: [{ match: "a.b", flags: "s", reply: "dotAll" }], fallback: "fallback" });
    const plain = script({ rules: [{ match: "a.b", reply: "dotAll" }], fallback: "fallback" });
    const multiline = script({ rules: [{ match: "^second", flags: "m", reply: "multiline" }], fallback: "fallback" });
    expect(scriptedReply(dotAll, user("a\nb"), withTools, "Assistant").text).toBe("dotAll");
    expect(scriptedReply(plain, user("a\nb"), withTools, "Assistant").text).toBe("fallback");
    expect(scriptedReply(multiline, user("first\nsecond"), withTools, "Assistant").text).toBe("multiline");
  });

  it("counts model iterations since the user's message for `when`", () => {
    const s = script({ rules: [{ on: "any", when: "iteration < 2", tool_calls: [{ name: "get_weather", args: {} }] }] });
    const turn = afterTool("weather?", "sunny");
    expect(scriptedReply(s, user("weather?"), withTools, "Assistant").toolCalls).toHaveLength(1);
    expect(scriptedReply(s, turn, withTools, "Assistant").toolCalls).toHaveLength(1);
    const twice = [...turn, ...afterTool("ignored", "rainy").slice(1)];
    expect(scriptedReply(s, twice, withTools, "Assistant")).toEqual({ text: "rainy", toolCalls: [] });
  });

  it("evaluates `when` over input, state and the last message", () => {
    const s = script({
      rules: [
        { on: "tool", when: "last.role == 'tool' && last.tool == 'get_weather' && last.content.contains('sun')", reply: "sunny rule" },
        { when: "state.plan == 'pro' && input.contains('help')", reply: "pro rule" },
      ],
      fallback: "fallback",
    });
    expect(scriptedReply(s, afterTool("weather?", "sunny"), withTools, "Assistant").text).toBe("sunny rule");
    expect(scriptedReply(s, user("help me"), { tools: [], state: { plan: "pro" } }, "Assistant").text).toBe("pro rule");
    expect(scriptedReply(s, user("help me"), { tools: [], state: { plan: "free" } }, "Assistant").text).toBe("fallback");
  });

  it("lets a `when` that fails at run time throw its ExpressionError", () => {
    const s = script({ rules: [{ when: "state.missing > 1", reply: "never" }] });
    expect(() => scriptedReply(s, user("hi"), withTools, "Assistant")).toThrow(ExpressionError);
  });

  it("makes no tool calls when no tools are offered, replying with text only", () => {
    const s = script({ rules: [{ match: "weather", reply: "Let me check", tool_calls: [{ name: "get_weather", args: {} }] }] });
    expect(scriptedReply(s, user("weather?"), { tools: [], state: {} }, "Assistant")).toEqual({ text: "Let me check", toolCalls: [] });
  });

  it("skips a rule that only calls tools when no tools are offered", () => {
    const s = script({ rules: [{ match: "weather", tool_calls: [{ name: "get_weather", args: {} }] }], fallback: "I can only chat" });
    expect(scriptedReply(s, user("weather?"), { tools: [], state: {} }, "Assistant")).toEqual({ text: "I can only chat", toolCalls: [] });
  });
});

describe("createScriptedModel", () => {
  it("reports the profile and whether it calls tools", () => {
    expect(scriptedModel([])).toMatchObject({ profileId: "demo", provider: "scripted", supportsTools: true });
    expect(scriptedModel([], {}, false).supportsTools).toBe(false);
  });

  it("answers with the default fallback when it has no script", async () => {
    const p = profile({ id: "demo", provider: "scripted" });
    const { text } = await drain(createScriptedModel({ profile: p, profiles: [p], agent: "Assistant" }), user("hi"));
    expect(text).toBe("I have no scripted answer for that.");
  });

  it("streams chunks that concatenate into the full reply", async () => {
    const { chunks, text } = await drain(scriptedModel([{ reply: "The weather is  sunny\ntoday." }]), user("hi"));
    expect(chunks.length).toBeGreaterThan(1);
    expect(text).toBe("The weather is  sunny\ntoday.");
  });

  it("names the profile on every chunk", async () => {
    const { chunks } = await drain(scriptedModel([{ reply: "one two", tool_calls: [{ name: "get_weather", args: {} }] }]), user("hi"));
    for (const chunk of chunks) expect(chunk.response_metadata.graphwright_profile).toBe("demo");
  });

  it("streams tool calls with parsed arguments and ids of their own", async () => {
    const port = scriptedModel([
      {
        match: "weather in (?<city>\\w+)",
        reply: "Checking",
        tool_calls: [
          { name: "get_weather", args: { city: "{{ match.city }}", days: 2 } },
          { name: "get_weather", args: { city: "Oslo" } },
        ],
      },
    ]);
    const { full } = await drain(port, [new HumanMessage("earlier"), new AIMessage("ok"), new HumanMessage("weather in Paris")]);
    expect(textOf(full)).toBe("Checking");
    expect(full.tool_calls).toEqual([
      { id: expect.stringMatching(/^call_\w{24}$/), name: "get_weather", args: { city: "Paris", days: 2 }, type: "tool_call" },
      { id: expect.stringMatching(/^call_\w{24}$/), name: "get_weather", args: { city: "Oslo" }, type: "tool_call" },
    ]);
    expect(new Set(full.tool_calls?.map((c) => c.id)).size).toBe(2);
  });

  it("streams no tool calls when the call offers no tools", async () => {
    const port = scriptedModel([{ reply: "Just chat", tool_calls: [{ name: "get_weather", args: {} }] }]);
    const { full } = await drain(port, user("hi"), { tools: [] });
    expect(textOf(full)).toBe("Just chat");
    expect(full.tool_calls ?? []).toEqual([]);
  });

  it("yields one empty chunk when the reply is empty", async () => {
    const { chunks } = await drain(scriptedModel([], { fallback: "" }), user("hi"));
    expect(chunks).toHaveLength(1);
    expect(textOf(chunks[0] as AIMessageChunk)).toBe("");
  });

  it("waits 1000 / tokens_per_second milliseconds before each token", async () => {
    vi.useFakeTimers();
    const port = scriptedModel([{ reply: "one two" }], { tokens_per_second: 10 });
    const iterator = port.stream(user("hi"), withTools)[Symbol.asyncIterator]();
    let received: string | undefined;
    void iterator.next().then((r) => (received = r.done ? "done" : textOf(r.value)));
    await vi.advanceTimersByTimeAsync(99);
    expect(received).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toBe("one");
    received = undefined;
    void iterator.next().then((r) => (received = r.done ? "done" : textOf(r.value)));
    await vi.advanceTimersByTimeAsync(99);
    expect(received).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toBe(" two");
  });

  it("stops a paced stream with an aborted ModelError when the signal fires", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const port = scriptedModel([{ reply: "one two three" }], { tokens_per_second: 10 });
    const iterator = port.stream(user("hi"), { ...withTools, signal: controller.signal })[Symbol.asyncIterator]();
    await vi.advanceTimersByTimeAsync(0);
    const first = iterator.next();
    await vi.advanceTimersByTimeAsync(100);
    expect(textOf((await first).value as AIMessageChunk)).toBe("one");
    const second = rejection(iterator.next());
    await vi.advanceTimersByTimeAsync(50);
    controller.abort();
    const error = await second;
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("aborted");
  });

  it("does not stream text when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(drain(scriptedModel([{ reply: "hello there" }]), user("hi"), { signal: controller.signal }));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("aborted");
  });
});

describe("tokenize", () => {
  it.each([
    ["words and spaces", "The weather is sunny"],
    ["leading and trailing whitespace", "  hello world  "],
    ["newlines and tabs", "line one\n\n\tline two\n"],
    ["only whitespace", " \n "],
    ["punctuation and unicode", "Ça va? Très bien — merci!"],
  ])("concatenates back to the text with %s", (_, text) => {
    expect(tokenize(text).join("")).toBe(text);
  });

  it("splits into word-sized tokens carrying their leading whitespace", () => {
    expect(tokenize("  one two\nthree ")).toEqual(["  one", " two", "\nthree", " "]);
  });

  it("returns no tokens for an empty string", () => {
    expect(tokenize("")).toEqual([]);
  });
});
