/** The one table of canvas node kinds: component, handles and default size per kind. */
import type { NodeTypes } from "@xyflow/react";
import type { NodeKind } from "../../../schema/index.js";
import { agentNode } from "./AgentNode";
import { endNode } from "./EndNode";
import { llmNode } from "./LlmNode";
import { noteNode } from "./NoteNode";
import { startNode } from "./StartNode";
import { toolNode } from "./ToolNode";
import type { CanvasNodeDefinition } from "./types";

// A Record over NodeKind: a new kind in the schema does not compile until it has a canvas node.
export const canvasNodes: Record<NodeKind, CanvasNodeDefinition> = {
  start: startNode,
  end: endNode,
  agent: agentNode,
  llm: llmNode,
  tool: toolNode,
  note: noteNode,
};

/** React Flow's `nodeTypes`, built once (a new object per render would remount every node). */
export const nodeTypes: NodeTypes = Object.fromEntries(Object.entries(canvasNodes).map(([kind, definition]) => [kind, definition.component]));
