/** Three-way merge of two tabs' documents: per field, conflicts named. */
import { describe, expect, it } from "vitest";
import { templates } from "../templates/catalog";
import { instantiateTemplate } from "../templates/instantiate";
import { mergeDocuments } from "./mergeDocuments";

const base = instantiateTemplate(templates[0]!, { id: "g1", now: new Date(Date.UTC(2026, 0, 1)) });

describe("mergeDocuments", () => {
  it("re-applies this tab's field on top of the other tab's different field", () => {
    const mine = { ...base, meta: { ...base.meta, description: "mine" } };
    const theirs = { ...base, meta: { ...base.meta, name: "theirs" } };
    expect(mergeDocuments(base, mine, theirs)).toEqual({ document: { ...base, meta: { ...base.meta, name: "theirs", description: "mine" } }, conflicts: [] });
  });

  it("keeps a node the other tab added and drops the edges of a node it removed", () => {
    const [first, ...rest] = base.nodes;
    const added = { ...first!, id: "n_new" };
    const theirs = { ...base, nodes: [...base.nodes, added] };
    const mine = { ...base, nodes: rest };
    const merged = mergeDocuments(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.document.nodes.map((n) => n.id)).toEqual([...rest.map((n) => n.id), "n_new"]);
    expect(merged.document.edges.some((e) => e.source === first!.id || e.target === first!.id)).toBe(false);
  });

  it("names the fields both tabs changed differently", () => {
    const mine = { ...base, meta: { ...base.meta, name: "A" } };
    const theirs = { ...base, meta: { ...base.meta, name: "B" } };
    expect(mergeDocuments(base, mine, theirs).conflicts).toEqual(["the name"]);
    expect(mergeDocuments(base, mine, theirs, { preferTheirs: true }).document.meta.name).toBe("B");
  });
});
