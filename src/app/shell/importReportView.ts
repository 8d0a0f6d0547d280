/**
 * What the Import report dialog shows of a report: one line per source node, pointing at the
 * node of the new graph it became (when it became a node, not a tool or a model profile), and
 * selecting that node on the canvas.
 */
import type { ImportReport, ImportStatus } from "../../import/report.js";
import type { GraphDocument } from "../../schema/index.js";
import { canvasOf } from "../canvas/canvasHandle";
import type { EditorStore } from "../store/editorStore";
import { nodeDisplayName } from "../store/nodeFactory";

export interface ReportLine {
  /** Unique in the list (source ids are unique in a report; the index guards a faulty one). */
  key: string;
  status: ImportStatus;
  name: string;
  type: string;
  reason: string;
  /** The first node of the new graph it became, or null (a tool, a profile, nothing). */
  nodeId: string | null;
  /** That node's name on the canvas (its accessible name there). */
  nodeName: string | null;
}

/**
 * @example reportLines(report, document)[0] // { status: "mapped", name: "AI Agent", nodeId: "agent_1", nodeName: "AI_Agent", … }
 */
export function reportLines(report: ImportReport, document: GraphDocument): ReportLine[] {
  const nodes = new Map(document.nodes.map((node) => [node.id, node]));
  return report.nodes.map((line, index) => {
    const target = line.to.map((id) => nodes.get(id)).find((node) => node !== undefined);
    return {
      key: `${index}:${line.id}`,
      status: line.status,
      name: line.name,
      type: line.type,
      reason: line.reason,
      nodeId: target?.id ?? null,
      nodeName: target ? nodeDisplayName(target) : null,
    };
  });
}

/** Selects a node of the open graph and centres the canvas on it. */
export function showNode(store: EditorStore, nodeId: string): void {
  if (!store.getState().document.nodes.some((node) => node.id === nodeId)) return;
  store.getState().select({ nodes: [nodeId], edges: [] });
  canvasOf(store)?.reveal(nodeId);
}
