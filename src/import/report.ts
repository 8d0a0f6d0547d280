/**
 * The import report: what became of every node of a foreign workflow. One shape for the four
 * formats, written as JSON by the CLI (`--report`) and shown by the app after an import.
 */

/** The builders Graphwright imports from. */
export const FOREIGN_FORMATS = ["flowise", "langflow", "n8n", "dify"] as const;
export type ForeignFormat = (typeof FOREIGN_FORMATS)[number];

/** How people name each format (report titles, messages, the version note "Imported from …"). */
export const FORMAT_LABELS: Readonly<Record<ForeignFormat, string>> = {
  flowise: "Flowise",
  langflow: "Langflow",
  n8n: "n8n",
  dify: "Dify",
};

/**
 * `mapped`: it does here what it did there. `approximated`: it became something close, and
 * `reason` says what differs. `unmapped`: nothing here does it; `reason` says why and what to do.
 */
export type ImportStatus = "mapped" | "approximated" | "unmapped";

/** One source node, exactly once. */
export interface ImportReportNode {
  /** The source node's id (n8n nodes without one: their name). */
  id: string;
  /** The source's own type name, e.g. `agentAgentflow`, `@n8n/n8n-nodes-langchain.agent`. */
  type: string;
  name: string;
  status: ImportStatus;
  /** Ids of the nodes, tools, model profiles or MCP servers of the new graph it became. */
  to: string[];
  /** Why it is approximated or unmapped (or a detail worth knowing); empty when mapped as is. */
  reason: string;
}

/**
 * @example
 * const report: ImportReport = { source: { format: "n8n", name: "Support" }, nodes: [...], notes: ["Credential \"OpenAI account\": set an OpenAI key in Settings"] };
 */
export interface ImportReport {
  source: { format: ForeignFormat; name: string };
  nodes: ImportReportNode[];
  /** Whole-graph notes: what points back to the source system (credentials, sub-flows by id, vector stores, plugins). */
  notes: string[];
}

/** How many nodes had each status, for a one-line summary. */
export function reportCounts(report: ImportReport): Record<ImportStatus, number> {
  const counts: Record<ImportStatus, number> = { mapped: 0, approximated: 0, unmapped: 0 };
  for (const node of report.nodes) counts[node.status] += 1;
  return counts;
}

/**
 * One line saying what an import carried over.
 * @example reportSummary(report) // "Imported \"Support\" from n8n: 9 nodes mapped, 2 approximated, 1 unmapped."
 */
export function reportSummary(report: ImportReport): string {
  const counts = reportCounts(report);
  const nodes = report.nodes.length === 1 ? "1 node" : `${report.nodes.length} nodes`;
  return `Imported "${report.source.name}" from ${FORMAT_LABELS[report.source.format]} (${nodes}): ${counts.mapped} mapped, ${counts.approximated} approximated, ${counts.unmapped} unmapped.`;
}
