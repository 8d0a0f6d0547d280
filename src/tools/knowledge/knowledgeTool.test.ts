/** An agent searches the knowledge bases assigned to it, and only those; results say where each passage is. */
import { describe, expect, it } from "vitest";
import { collectRun, compileGraph, type KnowledgeSearch } from "../../engine/index.js";
import { agentNode, chainDocument } from "../../engine/testing/documents.js";
import { ofType } from "../../engine/testing/humanLoop.js";
import { validate, type GraphDocumentInput } from "../../schema/index.js";
import { testServices } from "../../../tests/support/services.js";
import { chunkFile } from "./chunks.js";
import { createKnowledgeIndex, type KnowledgeIndex } from "./searchIndex.js";

const FAQ = `# Returns

You can return any item within 30 days of delivery for a full refund.

# Shipping

Orders ship from Lyon within two working days.
`;

function supportDoc(assigned: string[]): GraphDocumentInput {
  return chainDocument(
    [
      agentNode("support", {
        name: "Support",
        knowledge_bases: assigned,
        script: {
          rules: [
            { match: "return", tool_calls: [{ name: "search_faq", args: { query: "return refund days" } }] },
            { on: "tool", tool: "search_faq", reply: "From the FAQ: {{ tool_result }}" },
          ],
        },
      }),
    ],
    { knowledge_bases: [{ id: "kb-faq", name: "faq", description: "Returns and shipping", files: [{ name: "faq.md", bytes: FAQ.length }] }] },
  );
}

async function faqIndex(): Promise<KnowledgeIndex> {
  const index = createKnowledgeIndex();
  await index.add(await chunkFile("faq.md", FAQ, { size: 120, overlap: 10 }));
  return index;
}

describe("knowledge base tools", () => {
  it("gives an assigned agent search_<name>, whose result names the passage's file and lines", async () => {
    const index = await faqIndex();
    const searched: string[] = [];
    const knowledge: KnowledgeSearch = {
      search: async (base, query, k) => {
        searched.push(`${base.name}:${query}:${k}`);
        return index.search(query, k);
      },
    };
    const events = await collectRun(
      compileGraph(supportDoc(["kb-faq"]), { ...testServices(), knowledge }),
      { message: "Can I return my order?" },
      { threadId: "t1" },
    );
    expect(searched).toEqual(["faq:return refund days:5"]);
    const result = ofType(events, "tool_result")[0];
    expect(result?.error).toBeNull();
    const parsed = JSON.parse(result?.result ?? "{}") as { knowledge_base: string; results: { source: string; lines: string; text: string }[] };
    expect(parsed.knowledge_base).toBe("faq");
    expect(parsed.results[0]).toMatchObject({ source: "faq.md", lines: expect.stringMatching(/^[1-3]/) });
    expect(parsed.results[0]?.text).toContain("30 days");
    expect(ofType(events, "ai_message").at(-1)?.content).toContain("30 days");
  });

  it("gives an agent without the assignment no search tool: the call fails as an unknown tool", async () => {
    const index = await faqIndex();
    const knowledge: KnowledgeSearch = { search: async (_base, query, k) => index.search(query, k) };
    const events = await collectRun(compileGraph(supportDoc([]), { ...testServices(), knowledge }), { message: "Can I return my order?" }, { threadId: "t1" });
    expect(ofType(events, "tool_result")[0]?.error).toMatch(/search_faq/);
  });

  it("says the base cannot be searched where no index is available", async () => {
    const events = await collectRun(compileGraph(supportDoc(["kb-faq"]), testServices()), { message: "Can I return my order?" }, { threadId: "t1" });
    expect(ofType(events, "tool_result")[0]?.error).toContain('Knowledge base "faq" cannot be searched here');
  });

  it("refuses an agent assigned a knowledge base the graph does not define, at its JSON path", () => {
    const result = validate(supportDoc(["kb-missing"]));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContainEqual(expect.objectContaining({ code: "MISSING_KNOWLEDGE_BASE", path: "$.nodes[1].data.knowledge_bases[0]" }));
  });

  it("refuses two knowledge bases with one name, whose search tools would clash", () => {
    const doc = supportDoc(["kb-faq"]);
    doc.knowledge_bases = [...(doc.knowledge_bases ?? []), { id: "kb-2", name: "faq", files: [] }];
    const result = validate(doc);
    expect(!result.ok && result.errors).toContainEqual(expect.objectContaining({ code: "DUPLICATE_NAME", path: "$.knowledge_bases[1].name" }));
  });
});
