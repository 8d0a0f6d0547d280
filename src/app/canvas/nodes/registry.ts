/** React Flow's `nodeTypes`: every node kind is drawn by the one descriptor-driven `CanvasNode`. */
import type { NodeTypes } from "@xyflow/react";
import { nodeKinds } from "../../../schema/index.js";
import { CanvasNode } from "./CanvasNode";

/** Built once at module load: a new object per render would remount every node. */
export const nodeTypes: NodeTypes = Object.fromEntries(nodeKinds.map((kind) => [kind, CanvasNode]));
