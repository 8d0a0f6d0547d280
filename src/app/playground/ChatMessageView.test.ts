// Rendered markup of chat messages (server rendering in Node: no DOM needed).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toolRun } from "../timeline/eventFixtures";
import { ChatMessageView, sameMessage } from "./ChatMessageView";
import { deriveChat, type ChatMessage } from "./chatMessages";
import { Markdown, safeUrl } from "./Markdown";
import { ToolCallCard } from "./ToolCallCard";

const render = (message: ChatMessage) => renderToStaticMarkup(createElement(ChatMessageView, { message }));

describe("chat message markup", () => {
  it("names each message by its author", () => {
    const [user, reply] = deriveChat(toolRun());
    expect(render(user!)).toMatch(/^<article aria-label="User: What&#x27;s the weather in Paris\?"/);
    expect(render(reply!)).toMatch(/^<article aria-label="Assistant: Let me check\."/);
  });

  it("shows a tool call as a group named after the tool, with arguments, result and duration", () => {
    const reply = deriveChat(toolRun())[1];
    const call = reply?.kind === "reply" ? reply.toolCalls[0] : undefined;
    const html = renderToStaticMarkup(createElement(ToolCallCard, { call: call! }));
    expect(html).toMatch(/^<details role="group" aria-label="Tool call get_weather"/);
    expect(html).toContain("&quot;city&quot;: &quot;Paris&quot;");
    expect(html).toContain("Sunny, 21°C");
    expect(html).toContain("12 ms");
  });

  it("shows a failed tool call's error", () => {
    const html = renderToStaticMarkup(
      createElement(ToolCallCard, {
        call: { id: "c", key: "r:c", tool: "get_weather", args: {}, result: null, error: "No station", durationMs: 3, status: "error" },
      }),
    );
    expect(html).toContain("Error");
    expect(html).toContain("No station");
    expect(html).toContain("failed");
  });
});

describe("markdown from models", () => {
  const md = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

  it("renders GitHub-flavoured markdown", () => {
    const html = md("**bold** and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<table");
    expect(html).toContain('type="checkbox"');
  });

  it("drops raw HTML", () => {
    const html = md('Hi <img src=x onerror="alert(1)"> <script>alert(2)</script><b>raw</b>');
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<b>");
  });

  it("opens safe links in a new tab without referrer and defuses the rest", () => {
    const html = md("[site](https://example.com) [mail](mailto:a@b.c) [bad](javascript:alert(1)) [data](data:text/html,x) [rel](/settings)");
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer"');
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:text");
    expect(html).not.toContain('href="/settings"');
  });

  it("never loads images from model output: they become links", () => {
    const html = md("![secret](https://evil.example/x.png?q=data)");
    expect(html).not.toContain("<img");
    expect(html).toContain('href="https://evil.example/x.png?q=data"');
  });

  it("shows a reply that is only raw HTML or SVG as escaped text, never as an empty bubble", () => {
    for (const reply of ["<div><svg viewBox='0 0 10 10'><circle r='4'/></svg></div>", "<p></p>"]) {
      const html = render({ kind: "reply", id: "m", runId: "r", author: "Assistant", text: reply, streaming: false, stopped: false, toolCalls: [] });
      expect(html).toContain("<pre");
      expect(html).toContain(reply.replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#x27;"));
      expect(html).not.toContain("<svg");
    }
  });

  it("keeps link references and footnotes working across blocks", () => {
    const html = md("See [the docs][d] and a note[^1].\n\n- item\n\n[d]: https://example.com/docs\n\n[^1]: The note.\n");
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain("The note.");
    expect(html).not.toContain("[d]:");
  });

  it("accepts only absolute http(s) and mailto URLs", () => {
    expect(safeUrl("https://a.example/x")).toBe("https://a.example/x");
    expect(safeUrl(" javascript:alert(1)")).toBeNull();
    expect(safeUrl("vbscript:x")).toBeNull();
    expect(safeUrl("//evil.example")).toBeNull();
  });
});

describe("re-rendering a derived message", () => {
  const reply = (text: string, more: Partial<Extract<ChatMessage, { kind: "reply" }>> = {}): ChatMessage => ({
    kind: "reply",
    id: "m",
    runId: "r",
    author: "Writer",
    text,
    streaming: true,
    stopped: false,
    toolCalls: [],
    ...more,
  });

  it("skips a message whose content is unchanged, though its object is new", () => {
    expect(sameMessage(reply("a".repeat(1000)), reply("a".repeat(1000)))).toBe(true);
  });

  it("renders again when the text, streaming state or a tool call changes", () => {
    const call = { id: "c", key: "r:c", tool: "t", args: {}, result: null, error: null, durationMs: null, status: "running" as const };
    expect(sameMessage(reply("ab"), reply("abc"))).toBe(false);
    expect(sameMessage(reply("ab"), reply("ab", { streaming: false }))).toBe(false);
    expect(sameMessage(reply("ab"), reply("ab", { stopped: true }))).toBe(false);
    expect(sameMessage(reply("ab", { toolCalls: [call] }), reply("ab", { toolCalls: [{ ...call, status: "done", result: "ok" }] }))).toBe(false);
    expect(sameMessage(reply("ab", { toolCalls: [call] }), reply("ab", { toolCalls: [{ ...call, activity: [] }] }))).toBe(false);
  });

  it("renders again when an error gains a retry", () => {
    const error: ChatMessage = { kind: "error", id: "e", runId: "r", author: "Error", text: "cut" };
    expect(sameMessage(error, { ...error })).toBe(true);
    expect(sameMessage(error, { ...error, retry: "hello" })).toBe(false);
  });
});
