/** React Flow edge types of the canvas: one per document edge kind. */
import type { Edge, EdgeProps } from "@xyflow/react";
import type { EdgeKind } from "../../../schema/index.js";

/** What an edge component draws besides its path: the condition, or the delegation mode. */
export interface FlowEdgeData extends Record<string, unknown> {
  condition?: string;
  mode?: "handoff" | "tool";
  blocking?: boolean;
}
export type FlowEdge = Edge<FlowEdgeData, EdgeKind>;
/** Every canvas edge has a `type` and `data` (flowElements sets both), so components may rely on them. */
export type FlowEdgeProps = EdgeProps<FlowEdge> & { type: EdgeKind; data: FlowEdgeData };
