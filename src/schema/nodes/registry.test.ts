import { describe, expect, it } from "vitest";
import { nodeKinds } from "../document.js";
import { kindWord, nodeLabel } from "../describe.js";
import { nodeKindTable } from "./registry.js";

describe("the node-kind table", () => {
  it("has one descriptor per kind of the node union, under its own kind", () => {
    expect(Object.keys(nodeKindTable).sort()).toEqual([...nodeKinds].sort());
    for (const kind of nodeKinds) expect(nodeKindTable[kind].kind).toBe(kind);
  });

  it.each(nodeKinds)("problem messages name a %s node by its kind word, never as a plain node", (kind) => {
    const word = kindWord(kind);
    expect(word).not.toBe("node");
    expect(word).toBe(nodeKindTable[kind].word);
    const label = nodeLabel({ id: "n1", kind, data: { name: "Confirm" } });
    expect(label.startsWith("node ")).toBe(false);
    expect(label.startsWith(`${word} `)).toBe(true);
  });

  it("names Approval and Question nodes by their kind", () => {
    expect(nodeLabel({ id: "n1", kind: "approval", data: { name: "Confirm" } })).toBe('Approval node "Confirm"');
    expect(nodeLabel({ id: "n2", kind: "question", data: { name: "Ask" } })).toBe('Question node "Ask"');
  });

  it("names Start, End and notes by id, since their names say nothing", () => {
    expect(nodeLabel({ id: "s", kind: "start", data: { name: "Start" } })).toBe('Start node "s"');
    expect(nodeLabel({ id: "n", kind: "note", data: { name: "sneaky" } })).toBe('note "n"');
  });

  it("still falls back to a plain node for a kind it does not know", () => {
    expect(nodeLabel({ id: "x", kind: "teleport", data: { name: "T" } })).toBe('node "T"');
    expect(nodeLabel({ id: "x", kind: "constructor", data: { name: "T" } })).toBe('node "T"');
  });
});
