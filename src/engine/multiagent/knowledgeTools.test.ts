/** What a `search_<name>` tool tells the model: the passages, how they were ranked, and why vectors were not used. */
import { describe, expect, it } from "vitest";
import { passagesText } from "./knowledgeTools.js";

const passage = { file: "refunds.md", lines: { from: 3, to: 4 }, text: "Refunds within 14 days", score: 0.03 };

describe("passagesText", () => {
  it("leaves a full-text base's result as it was", () => {
    expect(JSON.parse(passagesText("faq", "refund", [passage]))).toEqual({
      knowledge_base: "faq",
      results: [{ source: "refunds.md", lines: "3-4", text: "Refunds within 14 days" }],
    });
  });

  it("says a hybrid result was ranked with vectors", () => {
    expect(JSON.parse(passagesText("faq", "reimbursement", { passages: [passage], ranking: "hybrid" }))).toMatchObject({
      knowledge_base: "faq",
      ranking: "hybrid",
    });
  });

  it("says why vectors were unavailable, with passages or without", () => {
    const why = 'the query could not be embedded: Embedding with model profile "emb" (m at 127.0.0.1:9) failed: HTTP 500';
    expect(JSON.parse(passagesText("faq", "refund", { passages: [passage], ranking: "full_text", vectorsUnavailable: why }))).toMatchObject({
      ranking: "full_text",
      vectors_unavailable: why,
    });
    expect(passagesText("faq", "reimbursement", { passages: [], ranking: "full_text", vectorsUnavailable: why })).toBe(
      `No passage of knowledge base "faq" matches "reimbursement". Searched by full text only: vectors were unavailable (${why}).`,
    );
  });
});
