import { describe, expect, it } from "vitest";
import type { GraphDocument } from "../../schema/index.js";
import { findTemplate } from "../templates/catalog";
import { templateDocument } from "../templates/instantiate";
import { blankDocument } from "../store/nodeFactory";
import { mermaidText, toMermaid } from "./mermaid";

function supervisor(): GraphDocument {
  const template = findTemplate("supervisor-team");
  if (!template) throw new Error("no template");
  return templateDocument(template);
}

describe("toMermaid", () => {
  it("draws a left-to-right flowchart with a shape per node kind", () => {
    const text = toMermaid(blankDocument("g1", "Demo"));
    expect(text).toBe(
      [
        "flowchart LR",
        "  %% Demo",
        '  n0(["Start"])',
        '  n1["Assistant · agent"]',
        '  n2(["End"])',
        "  n0 --> n1",
        "  n1 --> n2",
        "  classDef kind_start fill:#ecfdf5,stroke:#059669",
        "  class n0 kind_start",
        "  classDef kind_agent fill:#eef2ff,stroke:#4f46e5",
        "  class n1 kind_agent",
        "  classDef kind_end fill:#fef2f2,stroke:#dc2626",
        "  class n2 kind_end",
        "",
      ].join("\n"),
    );
  });

  it("labels conditional edges with their condition", () => {
    const doc = blankDocument("g1");
    const text = toMermaid({
      ...doc,
      edges: [...doc.edges, { id: "c1", kind: "conditional", source: "agent", target: "start", condition: "state.retry == true" }],
    });
    expect(text).toContain('  n1 -->|"state.retry == true"| n0');
    expect(text).toContain("  n1 --> n2");
  });

  it("labels edges leaving an If by their branch and draws the If as a decision", () => {
    const doc = blankDocument("g1");
    const text = toMermaid({
      ...doc,
      nodes: [...doc.nodes, { id: "check", kind: "if", position: { x: 0, y: 0 }, data: { name: "Check", condition: "state.ok", description: "" } }],
      edges: [
        { id: "t", kind: "flow", source: "check", target: "agent", source_handle: "true" },
        { id: "f", kind: "flow", source: "check", target: "end", source_handle: "false" },
      ],
    });
    expect(text).toContain('  n3{"Check · if"}');
    expect(text).toContain('  n3 -->|"True"| n1');
    expect(text).toContain('  n3 -->|"False"| n2');
    expect(text).toContain("  classDef kind_if fill:#f5f3ff,stroke:#7c3aed");
  });

  it("draws delegation edges dotted, labelled with their mode", () => {
    const doc = supervisor();
    const withDelegation: GraphDocument = {
      ...doc,
      edges: [...doc.edges, { id: "d1", kind: "delegation", source: "supervisor", target: "analytics", mode: "tool", blocking: false }],
    };
    expect(toMermaid(withDelegation)).toContain('  n1 -.->|"delegates (tool, background)"| n2');
  });

  it("leaves out notes and edges whose ends do not exist", () => {
    const doc = blankDocument("g1");
    const text = toMermaid({
      ...doc,
      nodes: [...doc.nodes, { id: "note", kind: "note", position: { x: 0, y: 0 }, data: { text: "remember" } }],
      edges: [...doc.edges, { id: "x", kind: "flow", source: "agent", target: "missing" }],
    });
    expect(text).not.toContain("remember");
    expect(text).not.toContain("missing");
  });

  it("escapes names and conditions so they cannot break the syntax or inject directives", () => {
    const doc = blankDocument("g1", 'Evil"]\n%%{init: {"theme":"dark"}}%%');
    const start = doc.nodes[0];
    if (start?.kind !== "start") throw new Error("fixture");
    const evil: GraphDocument = {
      ...doc,
      nodes: doc.nodes.map((n) => (n.id === "start" ? { ...start, data: { name: 'Start"] --> x["<img src=x onerror=alert(1)>' } } : n)),
      edges: doc.edges.map((e) =>
        e.id === "e_agent_end" ? { id: e.id, kind: "conditional" as const, source: e.source, target: e.target, condition: 'input == "a|b" && `x`' } : e,
      ),
    };
    const text = toMermaid(evil);
    const lines = text.split("\n");
    // Every line is a statement we wrote: nothing user-supplied started a line of its own.
    expect(lines.every((l) => l === "" || l === "flowchart LR" || /^ {2}(%%|n\d|classDef|class)/.test(l))).toBe(true);
    for (const line of lines.filter((l) => /^ {2}n\d+[[(]/.test(l))) {
      // Exactly the two quotes that delimit the label.
      expect(line.split('"').length - 1).toBe(2);
    }
    expect(text).not.toMatch(/<img|`|%%\{/);
    expect(text).toContain('n0(["Start#34;] --#62; x[#34;#60;img src=x onerror=alert(1)#62;"])');
    expect(text).toContain('n1 -->|"input == #34;a#124;b#34; #38;#38; #96;x#96;"| n2');
  });

  it("shortens very long labels", () => {
    expect(mermaidText("a".repeat(200))).toHaveLength(80);
    expect(mermaidText("line one\r\nline two")).toBe("line one line two");
  });
});
