import { describe, expect, it } from "vitest";
import { sanitizeReply } from "./sanitize.js";

describe("sanitizeReply", () => {
  it("strips <tool_call> blocks, including an unclosed one at the end", () => {
    expect(sanitizeReply('Hi. <tool_call>{"name":"x"}</tool_call> Bye.').text).toBe("Hi. Bye.");
    expect(sanitizeReply('Hi.\n<tool_call>{"name": "x", "arguments": {"a": 1}}').text).toBe("Hi.");
  });

  it("strips leaked calls of known tools and of snake_case names, with nested JSON and braces in strings", () => {
    const text = 'Try this. lookup({"q": "a}b", "n": {"deep": [1]}}) Then rest. load_guided_exercise_skill( {"id": 3} )';
    const { text: clean, removed } = sanitizeReply(text, ["lookup"]);
    expect(clean).toBe("Try this. Then rest.");
    expect(removed).toEqual(['lookup({"q": "a}b", "n": {"deep": [1]}})', 'load_guided_exercise_skill( {"id": 3} )']);
  });

  it("keeps ordinary prose and code that only looks a little like a call", () => {
    const text = "Call me (maybe). Use print({}) in Python? Not f(x).";
    expect(sanitizeReply(text)).toEqual({ text, removed: [] });
  });
});
