/**
 * Mermaid export: a `flowchart LR` of the graph's nodes and edges. Node ids are generated
 * (`n0`, `n1`, …) and every piece of user text is entity-encoded inside quotes, so no graph
 * name or condition can break out of a label or inject directives.
 */
import { isBranchingKind, outputHandles, type GraphDocument, type GraphEdge, type GraphNode } from "../../schema/index.js";

interface MermaidKind {
  /** Shown after the name ("Triage · router"); empty for Start / End. */
  label: string;
  /** Opening and closing brackets of the node shape. */
  shape: [string, string];
  style: string;
}

/** How each kind looks: stadium for Start/End, rectangle for agents, rounded for model calls, subroutine for tools, rhombus for decisions, hexagon for people. */
const KINDS: Record<Exclude<GraphNode["kind"], "note">, MermaidKind> = {
  start: { label: "", shape: ["([", "])"], style: "fill:#ecfdf5,stroke:#059669" },
  end: { label: "", shape: ["([", "])"], style: "fill:#fef2f2,stroke:#dc2626" },
  agent: { label: "agent", shape: ["[", "]"], style: "fill:#eef2ff,stroke:#4f46e5" },
  llm: { label: "LLM", shape: ["(", ")"], style: "fill:#fffbeb,stroke:#d97706" },
  tool: { label: "tool", shape: ["[[", "]]"], style: "fill:#f0f9ff,stroke:#0284c7" },
  if: { label: "if", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  switch: { label: "switch", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  loop: { label: "loop", shape: ["{", "}"], style: "fill:#f5f3ff,stroke:#7c3aed" },
  parallel: { label: "parallel", shape: ["[/", "/]"], style: "fill:#f0fdfa,stroke:#0d9488" },
  set_state: { label: "set state", shape: ["[", "]"], style: "fill:#f7fee7,stroke:#65a30d" },
  subgraph: { label: "subgraph", shape: ["[[", "]]"], style: "fill:#f8fafc,stroke:#475569" },
  router: { label: "router", shape: ["{", "}"], style: "fill:#fdf4ff,stroke:#c026d3" },
  finalize: { label: "finalize", shape: ["[", "]"], style: "fill:#fdf4ff,stroke:#c026d3" },
  validate_input: { label: "validate input", shape: ["{", "}"], style: "fill:#f0fdfa,stroke:#0d9488" },
  planner: { label: "planner", shape: ["(", ")"], style: "fill:#fdf4ff,stroke:#c026d3" },
  execute: { label: "execute", shape: ["[[", "]]"], style: "fill:#fdf4ff,stroke:#c026d3" },
  approval: { label: "approval", shape: ["{{", "}}"], style: "fill:#fff7ed,stroke:#ea580c" },
  question: { label: "question", shape: ["{{", "}}"], style: "fill:#fff7ed,stroke:#ea580c" },
};

const MAX_LABEL = 80;

/**
 * User text made safe for a quoted Mermaid string: line breaks become spaces, and characters
 * that end a string or label (`"`, `|`), start entities or directives (`#`, `%`, `{`, `}`), or
 * read as HTML or markdown (`<`, `>`, `&`, backtick, backslash) become `#<code>;` entities.
 * @example mermaidText('Say "hi" | <b>') // "Say #34;hi#34; #124; #60;b#62;"
 */
export function mermaidText(text: string, max = MAX_LABEL): string {
  const flat = text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
  const short = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return short.replace(/[#"%<>&|`{}\\]/g, (c) => `#${c.charCodeAt(0)};`);
}

function nodeName(node: GraphNode): string {
  if (node.kind === "note") return node.data.text;
  return node.data.name;
}

/** An edge's label: its own, else the branch it leaves from, its condition or its delegation mode. */
function edgeLabel(edge: GraphEdge, source: GraphNode | undefined): string | null {
  if (edge.label) return edge.label;
  if (source && isBranchingKind(source.kind) && edge.kind !== "delegation") {
    const branch = outputHandles(source).find((h) => h.id === edge.source_handle);
    if (branch) return edge.kind === "conditional" ? `${branch.label}: ${edge.condition}` : branch.label;
  }
  if (edge.kind === "conditional") return edge.condition;
  if (edge.kind === "delegation") return edge.blocking ? `delegates (${edge.mode})` : `delegates (${edge.mode}, background)`;
  return null;
}

/**
 * The graph as Mermaid flowchart text. Notes are left out; edges leaving a branch are labelled
 * with the branch, conditional edges with their condition; delegation edges are dotted.
 * @example toMermaid(doc).split("\n")[0] // "flowchart LR"
 */
export function toMermaid(document: GraphDocument): string {
  const ids = new Map<string, string>();
  const lines = ["flowchart LR", `  %% ${mermaidText(document.meta.name, 200)}`];
  const classes: Record<string, string[]> = {};
  document.nodes.forEach((node, index) => {
    if (node.kind === "note") return;
    const id = `n${index}`;
    ids.set(node.id, id);
    const [open, close] = KINDS[node.kind].shape;
    const kind = KINDS[node.kind].label;
    const label = kind ? `${mermaidText(nodeName(node))} · ${kind}` : mermaidText(nodeName(node));
    lines.push(`  ${id}${open}"${label}"${close}`);
    (classes[node.kind] ??= []).push(id);
  });
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  for (const edge of document.edges) {
    const source = ids.get(edge.source);
    const target = ids.get(edge.target);
    if (!source || !target) continue;
    const arrow = edge.kind === "delegation" ? "-.->" : "-->";
    const label = edgeLabel(edge, byId.get(edge.source));
    lines.push(label ? `  ${source} ${arrow}|"${mermaidText(label)}"| ${target}` : `  ${source} ${arrow} ${target}`);
  }
  // Class names get a prefix: `end` is a Mermaid keyword and would end the chart.
  for (const [kind, members] of Object.entries(classes) as [keyof typeof KINDS, string[]][]) {
    lines.push(`  classDef kind_${kind} ${KINDS[kind].style}`);
    lines.push(`  class ${members.join(",")} kind_${kind}`);
  }
  return `${lines.join("\n")}\n`;
}
