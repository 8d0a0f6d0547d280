import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { eventBuilder } from "../timeline/eventFixtures";
import { deriveChat } from "./chatMessages";
import { RetrievalCard } from "./RetrievalCard";
import { EXCERPT_LENGTH, excerptOf, retrievalOf } from "./retrievalResult";

/** A search tool's result as the engine writes it (`passagesText` in the engine's knowledge tools). */
const faqResult = JSON.stringify({
  knowledge_base: "faq",
  results: [
    { source: "returns.md", lines: "3-5", text: "Returns are accepted\nwithin 30 days." },
    { source: "shipping.txt", lines: "1", text: "We ship worldwide." },
  ],
});

describe("retrievalOf", () => {
  it("reads each passage's source, lines and excerpt from a search tool's result", () => {
    expect(retrievalOf("search_faq", faqResult)).toEqual({
      knowledgeBase: "faq",
      passages: [
        { source: "returns.md", lines: "3-5", excerpt: "Returns are accepted within 30 days." },
        { source: "shipping.txt", lines: "1", excerpt: "We ship worldwide." },
      ],
    });
  });

  it("carries why vectors were unavailable, and the card says it", () => {
    const result = JSON.stringify({ ...JSON.parse(faqResult), ranking: "full_text", vectors_unavailable: "the query could not be embedded: HTTP 500" });
    const retrieval = retrievalOf("search_faq", result);
    expect(retrieval?.vectorsUnavailable).toBe("the query could not be embedded: HTTP 500");
    expect(renderToStaticMarkup(createElement(RetrievalCard, { retrieval: retrieval! }))).toContain(
      "Searched by full text only: vectors were unavailable (the query could not be embedded: HTTP 500).",
    );
  });

  it("is no retrieval for another tool, a result naming another base, plain text or broken JSON", () => {
    expect(retrievalOf("get_weather", faqResult)).toBeNull();
    expect(retrievalOf("search_docs", faqResult)).toBeNull();
    expect(retrievalOf("search_faq", 'No passage of knowledge base "faq" matches "x".')).toBeNull();
    expect(retrievalOf("search_faq", '{"knowledge_base":"faq","results":')).toBeNull();
    expect(retrievalOf("search_faq", null)).toBeNull();
  });

  it("skips malformed passages and keeps the rest", () => {
    const result = JSON.stringify({ knowledge_base: "faq", results: [{ source: 3, text: "x" }, "junk", { source: "a.md", text: "kept" }] });
    expect(retrievalOf("search_faq", result)?.passages).toEqual([{ source: "a.md", lines: "", excerpt: "kept" }]);
  });

  it("cuts a long passage to an excerpt at a word boundary", () => {
    const long = "word ".repeat(200);
    const excerpt = excerptOf(long);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);
    expect(excerpt.endsWith("word…")).toBe(true);
  });
});

describe("the retrieval card", () => {
  it("is named after the knowledge base and shows markup from a file as text", () => {
    const html = renderToStaticMarkup(
      createElement(RetrievalCard, {
        retrieval: { knowledgeBase: "faq", passages: [{ source: "page.html", lines: "2", excerpt: '<img src=x onerror="alert(1)">' }] },
      }),
    );
    expect(html).toMatch(/^<div role="group" aria-label="Sources from faq"/);
    expect(html).toContain('aria-label="page.html, lines 2"');
    expect(html).toContain("&lt;img src=x");
    expect(html).not.toContain("<img");
  });
});

describe("deriveChat with knowledge base searches", () => {
  const e = eventBuilder("r", "t");
  const main = { call_id: "main", parent_call_id: "r", depth: 1, agent: "Main" };
  const search = (at: typeof main, id: string) => [
    e({ type: "tool_call", tool_call_id: id, tool: "search_faq", args: { query: "returns" } }, at),
    e({ type: "tool_result", tool_call_id: id, tool: "search_faq", result: faqResult, error: null, duration_ms: 2, return_direct: false }, at),
  ];

  it("puts the sources of an agent's own search on its tool call", () => {
    const events = [
      e({ type: "run_start", input: "returns?" }),
      e({ type: "ai_message", message_id: "m1", content: "", tool_calls: [{ id: "s1", name: "search_faq", args: {} }], profile: null }, main),
      ...search({ ...main, call_id: "s1", parent_call_id: "main", depth: 2 }, "s1"),
    ];
    const reply = deriveChat(events)[1];
    const call = reply?.kind === "reply" ? reply.toolCalls[0] : undefined;
    expect(call?.sources?.map((s) => [s.knowledgeBase, s.passages[0]?.source])).toEqual([["faq", "returns.md"]]);
  });

  it("puts a delegated sub-agent's search on the parent's call that delegated it", () => {
    const delegate = { call_id: "d1", parent_call_id: "main", depth: 2, agent: "Main" };
    const docs = { call_id: "d1:Docs", parent_call_id: "d1", depth: 3, agent: "Docs" };
    const events = [
      e({ type: "run_start", input: "returns?" }),
      e({ type: "ai_message", message_id: "m1", content: "", tool_calls: [{ id: "d1", name: "Docs", args: { message: "returns?" } }], profile: null }, main),
      e({ type: "tool_call", tool_call_id: "d1", tool: "Docs", args: { message: "returns?" } }, delegate),
      e({ type: "ai_message", message_id: "m2", content: "", tool_calls: [{ id: "s2", name: "search_faq", args: {} }], profile: null }, docs),
      ...search({ ...docs, call_id: "s2", parent_call_id: "d1:Docs", depth: 4 }, "s2"),
      e({ type: "tool_result", tool_call_id: "d1", tool: "Docs", result: "Within 30 days.", error: null, duration_ms: 9, return_direct: false }, delegate),
    ];
    const chat = deriveChat(events);
    expect(chat.map((m) => m.author)).toEqual(["User", "Main"]);
    const call = chat[1]?.kind === "reply" ? chat[1].toolCalls[0] : undefined;
    expect(call).toMatchObject({ tool: "Docs", result: "Within 30 days." });
    expect(call?.sources?.[0]?.passages.map((p) => `${p.source}:${p.lines}`)).toEqual(["returns.md:3-5", "shipping.txt:1"]);
  });
});
