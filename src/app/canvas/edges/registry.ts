/** The one table of canvas edge kinds. */
import type { EdgeTypes } from "@xyflow/react";
import type { ComponentType } from "react";
import type { EdgeKind } from "../../../schema/index.js";
import { ConditionalEdge } from "./ConditionalEdge";
import { DelegationEdge } from "./DelegationEdge";
import { FlowEdge } from "./FlowEdge";
import type { FlowEdgeProps } from "./types";

interface CanvasEdgeDefinition {
  component: ComponentType<FlowEdgeProps>;
  /** Title in accessible names: "Flow edge from A to B". */
  title: string;
  /** Arrow colour (the marker is drawn by React Flow, outside the component). */
  colour?: string;
}

export const canvasEdges: Record<EdgeKind, CanvasEdgeDefinition> = {
  flow: { component: FlowEdge, title: "Flow" },
  conditional: { component: ConditionalEdge, title: "Conditional", colour: "#f59e0b" },
  delegation: { component: DelegationEdge, title: "Delegation", colour: "#8b5cf6" },
};

export const edgeTypes: EdgeTypes = Object.fromEntries(Object.entries(canvasEdges).map(([kind, definition]) => [kind, definition.component]));
