import { describe, expect, it } from "vitest";
import type { BreakpointInterrupt } from "../../schema/index.js";
import { draftOf, editsOf } from "./breakpointEdits";

const pause: Pick<BreakpointInterrupt, "state" | "channels"> = {
  state: {
    messages: [
      { id: "m1", role: "human", content: "Weather in Paris?" },
      { id: "m2", role: "ai", content: "", tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }] },
      { id: "m3", role: "tool", content: "Paris: Sunny", tool_call_id: "c1" },
    ],
    count: 2,
  },
  channels: { messages: "messages", count: "number" },
};

describe("breakpoint state edits", () => {
  it("sends nothing when nothing changed", () => {
    expect(editsOf(pause, draftOf(pause))).toEqual({ ok: true, edits: {} });
  });

  it("sends the whole message list, with ids and tool fields kept, when a text changes, one is deleted or one is added", () => {
    const draft = draftOf(pause);
    draft.messages[2] = { ...(draft.messages[2] as (typeof draft.messages)[number]), content: "Paris: Snowy" };
    draft.messages.splice(0, 1);
    draft.messages.push({ id: null, role: "human", content: "And tomorrow?", extra: {} });
    const result = editsOf(pause, draft);
    expect(result).toEqual({
      ok: true,
      edits: {
        messages: [
          { id: "m2", role: "ai", content: "", tool_calls: [{ id: "c1", name: "get_weather", args: { city: "Paris" } }] },
          { id: "m3", role: "tool", content: "Paris: Snowy", tool_call_id: "c1" },
          { role: "human", content: "And tomorrow?" },
        ],
      },
    });
  });

  it("checks a channel against its type and says which channel is wrong", () => {
    const draft = draftOf(pause);
    expect(editsOf(pause, { ...draft, channels: { count: "5" } })).toEqual({ ok: true, edits: { count: 5 } });
    expect(editsOf(pause, { ...draft, channels: { count: '"five"' } })).toEqual({ ok: false, problems: { count: 'Channel "count" must be a number' } });
    const broken = editsOf(pause, { ...draft, channels: { count: "{" } });
    expect(broken.ok === false && broken.problems.count).toMatch(/^Channel "count" is not valid JSON/);
  });
});
