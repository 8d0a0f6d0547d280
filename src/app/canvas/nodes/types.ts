/** Types shared by the canvas node component and the derivation of React Flow nodes. */
import type { Node, NodeProps } from "@xyflow/react";
import type { NodeKind } from "../../../schema/index.js";

/**
 * React Flow node data stays empty: each node component reads its own graph node from the
 * editor store by id, so the store remains the one source of truth.
 */
export type FlowNodeData = Record<string, never>;
export type FlowNode = Node<FlowNodeData, NodeKind>;
export type FlowNodeProps = NodeProps<FlowNode>;
