/** Types shared by the canvas node components, their registry and the derivation of React Flow nodes. */
import type { Node, NodeProps } from "@xyflow/react";
import type { ComponentType } from "react";
import type { NodeKind } from "../../../schema/index.js";
import type { Ports } from "./ports";

/**
 * React Flow node data stays empty: each node component reads its own graph node from the
 * editor store by id, so the store remains the one source of truth.
 */
export type FlowNodeData = Record<string, never>;
export type FlowNode = Node<FlowNodeData, NodeKind>;
export type FlowNodeProps = NodeProps<FlowNode>;

/** What the canvas knows about one node kind. */
export interface CanvasNodeDefinition {
  component: ComponentType<FlowNodeProps>;
  ports: Ports;
  /** Size used before the node is measured (layout, centring). */
  defaultSize: { width: number; height: number };
}
