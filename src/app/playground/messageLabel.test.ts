// Accessible names of chat messages: the author, then the start of the text, from a prefix only.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "./chatMessages";
import { labelText, messageLabel } from "./messageLabel";

/** What the name says when the whole text is collapsed: the definition `labelText` must match. */
function wholeText(text: string, max: number): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > max ? `${collapsed.slice(0, max - 1)}…` : collapsed;
}

const user = (text: string): ChatMessage => ({ kind: "user", id: "1", runId: "r", author: "User", text });

describe("messageLabel", () => {
  it("starts with the author and shortens long text", () => {
    expect(messageLabel(user("hello\n  world"))).toBe("User: hello world");
    const long = messageLabel(user("x".repeat(500)));
    expect(long.startsWith("User: xxx")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(126);
  });

  it("names a reply without text by the tools it called", () => {
    const reply: ChatMessage = { kind: "reply", id: "2", runId: "r", author: "Lookup", text: " \n", streaming: false, stopped: false, toolCalls: [] };
    expect(messageLabel(reply)).toBe("Lookup");
    const call = { id: "c", key: "r:c", tool: "lookup", args: {}, result: null, error: null, durationMs: null, status: "done" as const };
    expect(messageLabel({ ...reply, toolCalls: [call] })).toBe("Lookup: called lookup");
  });
});

describe("labelText", () => {
  const cases: Record<string, string> = {
    empty: "",
    blank: " \n\t ".repeat(300),
    short: "  hello \n world  ",
    "exactly max": "y".repeat(120),
    "one past max": "y".repeat(121),
    "max then trailing blanks": `${"y".repeat(120)}${" ".repeat(5000)}`,
    "max plus one then trailing blanks": `${"y".repeat(121)}\n\n${" ".repeat(5000)}`,
    "leading blanks longer than any prefix": `${" \n".repeat(4000)}## Title\n\nBody **bold** text ${"z ".repeat(400)}`,
    "blank runs across every prefix boundary": Array.from({ length: 2000 }, (_, i) => `w${i}${" ".repeat(i % 300)}`).join("\n"),
    "a long markdown reply": "## Step 1: configure\n\nSet `max_retries` to **3** and read [the guide](https://example.com).\n\n".repeat(5000),
  };

  for (const [name, text] of Object.entries(cases)) {
    it(`reads the same as collapsing the whole text: ${name}`, () => {
      for (const max of [1, 2, 5, 120]) expect(labelText(text, max)).toBe(wholeText(text, max));
    });
  }
});
