import { describe, expect, it } from "vitest";
import {
  assertionKinds,
  assertionKindList,
  createRedactor,
  describeAssertion,
  graphDocumentSchema,
  recordedReplies,
  recordingOf,
  validate,
  type GraphDocumentInput,
  type GraphTestInput,
} from "./index.js";
import { minimalDocument } from "./fixtures/minimalDocument.js";

function withTests(...tests: GraphTestInput[]): GraphDocumentInput {
  return { ...minimalDocument(), tests };
}

const paris: GraphTestInput = {
  id: "paris",
  name: "Paris is sunny",
  turns: [{ message: "What's the weather in Paris?" }],
  assertions: [
    { kind: "reply_contains", text: "Sunny" },
    { kind: "tool_called", tool: "get_weather", args: { city: "Paris" }, args_match: { city: "^Par" } },
  ],
};

describe("graph tests in the document", () => {
  it("defaults to no tests, so documents without them parse unchanged", () => {
    const result = validate(minimalDocument());
    expect(result.ok && result.document.tests).toEqual([]);
  });

  it("fills in a test's mode and keeps its turns and assertions", () => {
    const result = validate(withTests(paris));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.document.tests[0]).toMatchObject({ id: "paris", mode: "scripted", turns: [{ message: "What's the weather in Paris?" }] });
    expect(result.document.tests[0]?.assertions).toHaveLength(2);
  });

  it("takes answers to pauses and a recording of model replies", () => {
    const result = validate(
      withTests({
        id: "approve",
        name: "Approve",
        mode: "replay",
        turns: [{ message: "delete it" }, { resume: { decision: "approve" } }],
        recording: { replies: { Assistant: [{ content: "", tool_calls: [{ id: "c1", name: "delete", args: { id: 1 } }] }, { content: "Done" }] } },
        assertions: [{ kind: "tool_called", tool: "delete", turn: 1 }],
      }),
    );
    expect(result.ok).toBe(true);
  });

  it("rejects an unknown assertion kind with the JSON path of the assertion", () => {
    const result = validate(withTests({ ...paris, assertions: [{ kind: "reply_is_nice" } as never] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.path)).toContain("$.tests[0].assertions[0].kind");
  });

  it("rejects a pattern the linear-time regex engine cannot run, at its path", () => {
    const result = validate(withTests({ ...paris, assertions: [{ kind: "reply_matches", pattern: "(?=Sunny)" }] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ code: "INVALID_VALUE", path: "$.tests[0].assertions[0].pattern" });
    expect(result.errors[0]?.message).toContain("lookahead");
  });

  it("rejects an argument pattern that does not compile, at the argument's path", () => {
    const result = validate(withTests({ ...paris, assertions: [{ kind: "tool_called", tool: "get_weather", args_match: { city: "(a)\\1" } }] }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]?.path).toBe("$.tests[0].assertions[0].args_match.city");
  });

  it("rejects two tests with one id", () => {
    const result = validate(withTests(paris, { ...paris, name: "Again" }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ code: "DUPLICATE_ID", path: "$.tests[1].id" });
  });

  it("rejects a test without turns", () => {
    expect(graphDocumentSchema.safeParse(withTests({ ...paris, turns: [] })).success).toBe(false);
  });

  it("describes every assertion kind in one line from its descriptor", () => {
    for (const kind of assertionKindList)
      expect(describeAssertion(assertionKinds[kind].blank())).toMatch(new RegExp(`^${assertionKinds[kind].title.split(" ")[0]}`));
    expect(describeAssertion({ kind: "reply_contains", text: "Sunny", turn: 2 })).toBe('Reply contains "Sunny" (turn 2)');
    expect(describeAssertion({ kind: "tool_called", tool: "get_weather", args: { city: "Paris" } })).toBe('Tool get_weather called with city="Paris"');
  });

  it("leaves a recorded key to the redactor like any other text of the document", () => {
    const key = "sk-proj-Q7w9CanaryZx41bLmNpRtVy83KdHs";
    const text = JSON.stringify(withTests({ ...paris, recording: { replies: { Assistant: [{ content: `my key is ${key}` }] } } }));
    expect(createRedactor([key]).redact(text)).not.toContain(key);
  });
});

describe("recordings", () => {
  const reply = (agent: string, message_id: string, content: string, tool_calls: { id: string; name: string; args: Record<string, unknown> }[] = []) => ({
    type: "ai_message" as const,
    agent,
    node: agent,
    message_id,
    content,
    tool_calls,
  });
  const events = [
    { type: "run_start", input: "hi" },
    { type: "message_delta", message_id: "m1", delta: "Let me " },
    { type: "message_delta", message_id: "m1", delta: "check." },
    reply("Assistant", "m1", "Let me check.", [{ id: "c1", name: "get_weather", args: { city: "Paris" } }]),
    reply("Helper", "m2", "Sub-agent answer"),
    reply("Assistant", "m3", "Sunny."),
  ];

  it("keeps each agent's replies in order, with their tool calls", () => {
    expect(recordingOf(events)).toEqual({
      replies: {
        Assistant: [
          { content: "Let me check.", tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }] },
          { content: "Sunny.", tool_calls: [] },
        ],
        Helper: [{ content: "Sub-agent answer", tool_calls: [] }],
      },
    });
  });

  it("keeps the streamed pieces of a reply when they make up its text", () => {
    expect(
      recordedReplies(events)
        .get("Assistant")
        ?.map((r) => r.tokens),
    ).toEqual([["Let me ", "check."], ["Sunny."]]);
  });
});
