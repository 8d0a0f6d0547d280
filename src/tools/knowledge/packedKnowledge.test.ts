/** Knowledge bases searched from the text packed in an export, as the CLI and a server bundle do. */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { KnowledgePassage, KnowledgeSearchResult } from "../../engine/index.js";
import { documentEmbedders } from "../../models/index.js";
import { embeddingsReply } from "../../models/testing/embeddingsWire.js";
import { startWireServer, type WireServer } from "../../models/testing/faultServer.js";
import type { GraphDocument, KnowledgeBase } from "../../schema/index.js";
import * as chunks from "./chunks.js";
import { embeddingWarnings, packedKnowledgeSearch as packedSearch, unpackedKnowledgeWarnings } from "./packedKnowledge.js";

/** The packed search of bases without an embeddings profile, which answer plain lists. */
function packedKnowledgeSearch(document: Pick<GraphDocument, "knowledge_bases">) {
  const packed = packedSearch(document);
  return { search: async (...args: Parameters<typeof packed.search>) => (await packed.search(...args)) as KnowledgePassage[] };
}

const RETURNS = `# Returns

You can return any item within 30 days of delivery for a full refund.

## Damaged items

If an item arrives damaged, send a photo and we ship a replacement at no cost.
`;

const SHIPPING = "Shipping\n\nOrders ship from our warehouse in Lyon within two working days.\nExpress delivery to Paris takes one day.\n";

function base(id: string, name: string, files: KnowledgeBase["files"]): KnowledgeBase {
  return { id, name, description: "", files };
}

const policies = base("kb-policies", "policies", [
  { name: "returns.md", bytes: RETURNS.length, text: RETURNS },
  { name: "shipping.txt", bytes: SHIPPING.length, text: SHIPPING },
]);

describe("packedKnowledgeSearch", () => {
  it("finds the passage that answers a question in the packed files, with its source and lines", async () => {
    const search = packedKnowledgeSearch({ knowledge_bases: [policies] });
    const [top] = await search.search(policies, "how many days to return an item for a refund", 3);
    expect(top).toMatchObject({ file: "returns.md", lines: { from: expect.any(Number) } });
    expect(top?.text).toContain("30 days");
    const [express] = await search.search(policies, "express delivery Paris", 1);
    expect(express?.file).toBe("shipping.txt");
  });

  it("searches each base only in its own files", async () => {
    const other = base("kb-other", "other", [{ name: "hours.txt", bytes: 10, text: "Our shop opens at 9 and closes at 18, Monday to Saturday." }]);
    const search = packedKnowledgeSearch({ knowledge_bases: [policies, other] });
    expect((await search.search(other, "refund return days", 5)).map((hit) => hit.file)).toEqual([]);
    expect((await search.search(other, "when does the shop open", 5)).map((hit) => hit.file)).toEqual(["hours.txt"]);
    expect((await search.search(policies, "when does the shop open", 5)).some((hit) => hit.file === "hours.txt")).toBe(false);
  });

  it("chunks and indexes a base once, on its first search, not when built", async () => {
    const spy = vi.spyOn(chunks, "chunkFile");
    try {
      const search = packedKnowledgeSearch({ knowledge_bases: [policies] });
      expect(spy).not.toHaveBeenCalled();
      await Promise.all([search.search(policies, "refund", 2), search.search(policies, "Lyon", 2)]);
      await search.search(policies, "damaged", 2);
      expect(spy.mock.calls.map(([file]) => file)).toEqual(["returns.md", "shipping.txt"]);
    } finally {
      spy.mockRestore();
    }
  });

  it("tells the user to export with the knowledge bases included when a base's files carry no text", async () => {
    const bare = base("kb-faq", "faq", [
      { name: "faq.md", bytes: 120 },
      { name: "notes.txt", bytes: 40, text: "Notes" },
    ]);
    const search = packedKnowledgeSearch({ knowledge_bases: [bare] });
    await expect(search.search(bare, "refund", 3)).rejects.toThrow(
      'Knowledge base "faq" cannot be searched here: this graph file does not contain the text of "faq.md". In Graphwright, export the graph with "include knowledge bases" checked',
    );
  });

  it("refuses a base the document does not define", async () => {
    const search = packedKnowledgeSearch({ knowledge_bases: [policies] });
    await expect(search.search(base("kb-x", "elsewhere", []), "refund", 3)).rejects.toThrow('Knowledge base "elsewhere" is not defined in this graph file');
  });

  it("finds nothing in a base without files, and stops when the call is cancelled", async () => {
    const empty = base("kb-empty", "empty", []);
    const search = packedKnowledgeSearch({ knowledge_bases: [empty, policies] });
    expect(await search.search(empty, "refund", 3)).toEqual([]);
    const controller = new AbortController();
    controller.abort();
    await expect(search.search(policies, "refund", 3, controller.signal)).rejects.toThrow();
  });
});

describe("unpackedKnowledgeWarnings", () => {
  it("names each base and file exported without its text, and how to export it", () => {
    const bare = base("kb-faq", "faq", [
      { name: "faq.md", bytes: 120 },
      { name: "notes.txt", bytes: 40, text: "Notes" },
    ]);
    expect(unpackedKnowledgeWarnings({ knowledge_bases: [policies, bare] })).toEqual([
      'Knowledge base "faq" cannot be searched here: this graph file does not contain the text of "faq.md". In Graphwright, export the graph with "include knowledge bases" checked, then run that file.',
    ]);
    expect(unpackedKnowledgeWarnings({ knowledge_bases: [policies] })).toEqual([]);
  });
});

describe("a packed base with an embeddings profile", () => {
  let server: WireServer;
  beforeAll(async () => {
    server = await startWireServer((request) => embeddingsReply(request));
  });
  afterAll(() => server.close());

  const embedded = (): KnowledgeBase => ({ ...policies, embedding_profile: "embedder" });
  const models = (): GraphDocument["models"] => [
    { id: "embedder", provider: "openai", model: "word-groups", base_url: `${server.url}/v1`, fallbacks: [], tool_calling: true },
  ];

  it("embeds its chunks with the key and finds a synonym-only question", async () => {
    const base = embedded();
    const search = packedSearch(
      { knowledge_bases: [base] },
      {},
      documentEmbedders({ models: models() }, () => "sk-cli"),
    );
    const result = (await search.search(base, "Is a reimbursement possible?", 2)) as KnowledgeSearchResult;
    expect(result.ranking).toBe("hybrid");
    expect(result.passages[0]?.file).toBe("returns.md");
  });

  it("searches by full text, saying why, without the key, and warns up front", async () => {
    const base = embedded();
    const embedders = documentEmbedders({ models: models() }, () => undefined);
    const result = (await packedSearch({ knowledge_bases: [base] }, {}, embedders).search(base, "express delivery Paris", 2)) as KnowledgeSearchResult;
    expect(result.ranking).toBe("full_text");
    expect(result.passages[0]?.file).toBe("shipping.txt");
    expect(result.vectorsUnavailable).toMatch(
      /^its chunks could not be embedded: Embedding with model profile "embedder" .* no OpenAI API key is available for it$/,
    );
    expect(embeddingWarnings({ knowledge_bases: [base, policies] }, embedders, () => false)).toEqual([
      'Knowledge base "policies" will be searched by full text only: no OpenAI API key is set (OPENAI_API_KEY).',
    ]);
    expect(embeddingWarnings({ knowledge_bases: [base] }, embedders, () => true)).toEqual([]);
  });
});
