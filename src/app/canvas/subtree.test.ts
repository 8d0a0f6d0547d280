import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { countHiddenBy, hiddenEdges, hiddenNodes, hierarchyOf } from "./subtree";

type Edges = Pick<GraphDocument, "edges">;
const delegation = (source: string, target: string) => ({
  id: `${source}>${target}`,
  kind: "delegation" as const,
  source,
  target,
  mode: "handoff" as const,
  blocking: true,
});
const flow = (source: string, target: string) => ({ id: `${source}-${target}`, kind: "flow" as const, source, target });

// main → emails, research; research → scraper; tasks has two parents (main, research); flow start → main → end.
const doc: Edges = {
  edges: [
    flow("start", "main"),
    flow("main", "end"),
    delegation("main", "emails"),
    delegation("main", "research"),
    delegation("research", "scraper"),
    delegation("main", "tasks"),
    delegation("research", "tasks"),
  ],
};

describe("collapsing a parent's subtree", () => {
  it("hides nothing while nothing is collapsed", () => {
    expect(hiddenNodes(doc, new Set())).toEqual(new Set());
  });

  it("hides every descendant of a collapsed root, grandchildren included", () => {
    expect(hiddenNodes(doc, new Set(["main"]))).toEqual(new Set(["emails", "research", "scraper", "tasks"]));
  });

  it("keeps a shared sub-agent visible while one of its parents is still expanded", () => {
    expect(hiddenNodes(doc, new Set(["research"]))).toEqual(new Set(["scraper"]));
  });

  it("hides a shared sub-agent once all its parents are collapsed", () => {
    const hierarchy: Edges = { edges: [delegation("a", "shared"), delegation("b", "shared")] };
    expect(hiddenNodes(hierarchy, new Set(["a"]))).toEqual(new Set());
    expect(hiddenNodes(hierarchy, new Set(["a", "b"]))).toEqual(new Set(["shared"]));
  });

  it("never hides the collapsed parent itself, nor nodes linked only by flow edges", () => {
    const hidden = hiddenNodes(doc, new Set(["main"]));
    expect(hidden.has("main")).toBe(false);
    expect(hidden.has("end")).toBe(false);
  });

  it("terminates on a delegation cycle (which validation rejects) without hiding the cycle's entry", () => {
    const cyclic: Edges = { edges: [delegation("a", "b"), delegation("b", "a")] };
    expect(hiddenNodes(cyclic, new Set(["a"]))).toEqual(new Set(["b"]));
  });

  it("hides the edges that touch a hidden node", () => {
    const hidden = hiddenNodes(doc, new Set(["research"]));
    expect(hiddenEdges(doc, hidden)).toEqual(new Set(["research>scraper"]));
  });

  it("counts how many nodes a parent's collapse hides on top of the others", () => {
    expect(countHiddenBy(doc, new Set(["main"]), "main")).toBe(4);
    expect(countHiddenBy(doc, new Set(["main", "research"]), "research")).toBe(0);
    expect(countHiddenBy(doc, new Set(["research"]), "research")).toBe(1);
  });

  it("indexes children and parents once per edges array, ignoring self-loops and duplicates", () => {
    const edges: Edges = { edges: [delegation("a", "b"), delegation("a", "b"), delegation("a", "a")] };
    const hierarchy = hierarchyOf(edges);
    expect(hierarchy.children.get("a")).toEqual(["b"]);
    expect(hierarchy.parents.get("b")).toEqual(["a"]);
    expect(hierarchyOf(edges)).toBe(hierarchy);
  });

  it("ignores collapsed ids that have no sub-agents (a parent whose edges were removed)", () => {
    expect(hiddenNodes(doc, new Set(["emails", "gone"]))).toEqual(new Set());
  });
});
