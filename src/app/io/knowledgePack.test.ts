/** An export with knowledge bases carries each file's text; an import takes the texts out to store them. */
import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { packKnowledge, stripKnowledgeText, type PackedKnowledgeFile } from "./knowledgePack";

function docWith(bases: GraphDocument["knowledge_bases"]): GraphDocument {
  return { meta: { id: "graph-1" }, knowledge_bases: bases } as unknown as GraphDocument;
}

const stored: Record<string, PackedKnowledgeFile[]> = {
  "kb-faq": [
    { name: "faq.md", bytes: 10, text: "# FAQ" },
    { name: "undone.md", bytes: 5, text: "stored, no longer listed" },
  ],
};
const client = { texts: async (_graphId: string, baseId: string) => stored[baseId] ?? [] };

describe("packKnowledge", () => {
  it("gives every listed file its stored text, and only listed files", async () => {
    const doc = docWith([
      { id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 10 }] },
      { id: "kb-empty", name: "empty", description: "", files: [] },
    ]);
    const packed = await packKnowledge(doc, "graph-1", client);
    expect(packed.knowledge_bases).toEqual([
      { id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 10, text: "# FAQ" }] },
      { id: "kb-empty", name: "empty", description: "", files: [] },
    ]);
    expect(doc.knowledge_bases?.[0]?.files[0]).toEqual({ name: "faq.md", bytes: 10 });
  });

  it("refuses, naming the base and file, when a listed file is not stored here", async () => {
    const doc = docWith([{ id: "kb-faq", name: "faq", description: "", files: [{ name: "gone.md", bytes: 1 }] }]);
    await expect(packKnowledge(doc, "graph-1", client)).rejects.toThrow(
      'Knowledge base "faq" cannot be exported with its files: gone.md is not stored in this browser.',
    );
  });
});

describe("stripKnowledgeText", () => {
  it("returns the document without texts and the texts by base", () => {
    const doc = docWith([
      {
        id: "kb-faq",
        name: "faq",
        description: "",
        files: [
          { name: "faq.md", bytes: 10, text: "# FAQ" },
          { name: "bare.md", bytes: 3 },
        ],
      },
      { id: "kb-none", name: "none", description: "", files: [{ name: "x.md", bytes: 1 }] },
    ]);
    const { doc: stripped, packed } = stripKnowledgeText(doc);
    expect(stripped.knowledge_bases?.map((b) => b.files)).toEqual([
      [
        { name: "faq.md", bytes: 10 },
        { name: "bare.md", bytes: 3 },
      ],
      [{ name: "x.md", bytes: 1 }],
    ]);
    expect([...packed]).toEqual([["kb-faq", [{ name: "faq.md", bytes: 10, text: "# FAQ" }]]]);
  });

  it("leaves a document without texts as it is", () => {
    const doc = docWith([{ id: "kb-faq", name: "faq", description: "", files: [{ name: "faq.md", bytes: 10 }] }]);
    const result = stripKnowledgeText(doc);
    expect(result.doc).toBe(doc);
    expect(result.packed.size).toBe(0);
  });
});
