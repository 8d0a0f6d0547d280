/**
 * Mermaid export: a `flowchart LR` of the graph's nodes and edges. Node ids are generated
 * (`n0`, `n1`, …) and every piece of user text is entity-encoded inside quotes, so no graph
 * name or condition can break out of a label or inject directives.
 */
import { isBranchingKind, nodeKindTable, outputHandles, type GraphDocument, type GraphEdge, type GraphNode, type NodeKindTableOf } from "../../schema/index.js";

// How each kind looks comes from its descriptor (`mermaid`): stadium for Start/End, rectangle for
// agents, rounded for model calls, subroutine for tools, rhombus for decisions, hexagon for people.

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

/** The name a node shows: its `name`, else its text (a sticky note has no name). */
function nodeName(node: Pick<GraphNode, "data">): string {
  const data = node.data as { name?: unknown; text?: unknown };
  if (typeof data.name === "string") return data.name;
  return typeof data.text === "string" ? data.text : "";
}

/** An edge's label: its own, else the branch it leaves from, its condition or its delegation mode. */
function edgeLabel(edge: GraphEdge, source: GraphNode | undefined, table: NodeKindTableOf): string | null {
  if (edge.label) return edge.label;
  if (source && isBranchingKind(source.kind, table) && edge.kind !== "delegation") {
    const branch = outputHandles(source, table).find((h) => h.id === edge.source_handle);
    if (branch) return edge.kind === "conditional" ? `${branch.label}: ${edge.condition}` : branch.label;
  }
  if (edge.kind === "conditional") return edge.condition;
  if (edge.kind === "delegation") return edge.blocking ? `delegates (${edge.mode})` : `delegates (${edge.mode}, background)`;
  return null;
}

/**
 * The graph as Mermaid flowchart text. Kinds without a Mermaid look (notes) are left out; edges
 * leaving a branch are labelled with the branch, conditional edges with their condition;
 * delegation edges are dotted.
 * @example toMermaid(doc).split("\n")[0] // "flowchart LR"
 */
export function toMermaid(document: GraphDocument, table: NodeKindTableOf = nodeKindTable): string {
  const ids = new Map<string, string>();
  const lines = ["flowchart LR", `  %% ${mermaidText(document.meta.name, 200)}`];
  const classes = new Map<string, { style: string; members: string[] }>();
  document.nodes.forEach((node, index) => {
    const look = Object.hasOwn(table, node.kind) ? table[node.kind]?.mermaid : undefined;
    if (!look) return;
    const id = `n${index}`;
    ids.set(node.id, id);
    const [open, close] = look.shape;
    const kind = look.label;
    const label = kind ? `${mermaidText(nodeName(node))} · ${kind}` : mermaidText(nodeName(node));
    lines.push(`  ${id}${open}"${label}"${close}`);
    const entry = classes.get(node.kind) ?? { style: look.style, members: [] };
    entry.members.push(id);
    classes.set(node.kind, entry);
  });
  const byId = new Map(document.nodes.map((n) => [n.id, n]));
  for (const edge of document.edges) {
    const source = ids.get(edge.source);
    const target = ids.get(edge.target);
    if (!source || !target) continue;
    const arrow = edge.kind === "delegation" ? "-.->" : "-->";
    const label = edgeLabel(edge, byId.get(edge.source), table);
    lines.push(label ? `  ${source} ${arrow}|"${mermaidText(label)}"| ${target}` : `  ${source} ${arrow} ${target}`);
  }
  // Class names get a prefix: `end` is a Mermaid keyword and would end the chart.
  for (const [kind, { style, members }] of classes) {
    lines.push(`  classDef kind_${kind} ${style}`);
    lines.push(`  class ${members.join(",")} kind_${kind}`);
  }
  return `${lines.join("\n")}\n`;
}
