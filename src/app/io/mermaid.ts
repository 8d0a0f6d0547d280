/**
 * Mermaid export: a `flowchart LR` of the graph's nodes and edges. Node ids are generated
 * (`n0`, `n1`, …) and every piece of user text is entity-encoded inside quotes, so no graph
 * name or condition can break out of a label or inject directives.
 */
import { isBranchingKind, outputHandles, type GraphDocument, type GraphEdge, type GraphNode } from "../../schema/index.js";

const KIND_LABEL: Record<GraphNode["kind"], string> = {
  start: "",
  end: "",
  agent: "agent",
  llm: "LLM",
  tool: "tool",
  note: "",
};

/** Node shapes by kind: stadium for Start/End, rectangle for agents, rounded for LLMs, subroutine for tools. */
const SHAPE: Record<Exclude<GraphNode["kind"], "note">, [string, string]> = {
  start: ["([", "])"],
  end: ["([", "])"],
  agent: ["[", "]"],
  llm: ["(", ")"],
  tool: ["[[", "]]"],
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
    const [open, close] = SHAPE[node.kind];
    const kind = KIND_LABEL[node.kind];
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
  const styles: Record<string, string> = {
    start: "fill:#ecfdf5,stroke:#059669",
    end: "fill:#fef2f2,stroke:#dc2626",
    agent: "fill:#eef2ff,stroke:#4f46e5",
    llm: "fill:#fffbeb,stroke:#d97706",
    tool: "fill:#f0f9ff,stroke:#0284c7",
  };
  // Class names get a prefix: `end` is a Mermaid keyword and would end the chart.
  for (const [kind, members] of Object.entries(classes)) {
    if (kind === "note") continue;
    lines.push(`  classDef kind_${kind} ${styles[kind]}`);
    lines.push(`  class ${members.join(",")} kind_${kind}`);
  }
  return `${lines.join("\n")}\n`;
}
