import { describe, expect, it } from "vitest";
import { validate, type GraphDocument } from "../../../schema/index.js";
import { blankDocument } from "../../store/nodeFactory";
import {
  addKnowledgeBase,
  agentsUsing,
  bytesText,
  deleteKnowledgeBase,
  knowledgeNameProblem,
  renameKnowledgeBase,
  withKnowledgeFiles,
  withoutKnowledgeFile,
} from "./knowledgeEdits";

/** A blank graph whose agent searches base kb-1, "handbook", of two files. */
function document(): GraphDocument {
  const base = withKnowledgeFiles(renameKnowledgeBase(addKnowledgeBase(blankDocument("g"), "kb-1"), "kb-1", "handbook"), "kb-1", [
    { name: "a.md", bytes: 10 },
    { name: "b.txt", bytes: 20 },
  ]);
  return {
    ...base,
    nodes: base.nodes.map((node) => (node.kind === "agent" ? { ...node, data: { ...node.data, knowledge_bases: ["kb-1"] } } : node)),
  };
}

describe("knowledge base edits", () => {
  it("adds bases under names no other base has, and the result validates", () => {
    const two = addKnowledgeBase(addKnowledgeBase(blankDocument("g"), "kb-1"), "kb-2");
    expect(two.knowledge_bases?.map((b) => [b.id, b.name])).toEqual([
      ["kb-1", "knowledge"],
      ["kb-2", "knowledge2"],
    ]);
    expect(validate(two).ok).toBe(true);
  });

  it("refuses a name that is not an identifier or that another base has", () => {
    const doc = addKnowledgeBase(document(), "kb-2").knowledge_bases ?? [];
    expect(knowledgeNameProblem(doc, "kb-2", "2fast")).toMatch(/start with a letter/);
    expect(knowledgeNameProblem(doc, "kb-2", "has space")).toMatch(/start with a letter/);
    expect(knowledgeNameProblem(doc, "kb-2", "Handbook")).toBe("Another knowledge base is named “Handbook”.");
    expect(knowledgeNameProblem(doc, "kb-1", "handbook")).toBeNull();
    expect(knowledgeNameProblem(doc, "kb-2", "faq_v2")).toBeNull();
  });

  it("deletes a base and takes it off the agents that searched it, in one edit that validates", () => {
    const doc = document();
    expect(agentsUsing(doc, "kb-1")).toEqual(["Assistant"]);
    const next = deleteKnowledgeBase(doc, "kb-1");
    expect(next.knowledge_bases).toEqual([]);
    expect(agentsUsing(next, "kb-1")).toEqual([]);
    const agent = next.nodes.find((n) => n.kind === "agent");
    expect(agent?.kind === "agent" && agent.data.knowledge_bases).toBeUndefined();
    expect(validate(next).ok).toBe(true);
  });

  it("replaces a file added again under its name and keeps the others in order, without texts", () => {
    const next = withKnowledgeFiles(document(), "kb-1", [
      { name: "a.md", bytes: 99, text: "never stored in the document" },
      { name: "c.json", bytes: 5 },
    ]);
    expect(next.knowledge_bases?.[0]?.files).toEqual([
      { name: "b.txt", bytes: 20 },
      { name: "a.md", bytes: 99 },
      { name: "c.json", bytes: 5 },
    ]);
    expect(withoutKnowledgeFile(next, "kb-1", "b.txt").knowledge_bases?.[0]?.files.map((f) => f.name)).toEqual(["a.md", "c.json"]);
  });

  it("writes sizes in B, KB and MB", () => {
    expect([bytesText(512), bytesText(1536), bytesText(20 * 1024), bytesText(3 * 1024 * 1024)]).toEqual(["512 B", "1.5 KB", "20 KB", "3.0 MB"]);
  });
});
