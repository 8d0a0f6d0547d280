/** The one table of canvas node kinds: component, handles and default size per kind. */
import type { NodeTypes } from "@xyflow/react";
import type { NodeKind } from "../../../schema/index.js";
import { agentNode } from "./AgentNode";
import { approvalNode } from "./ApprovalNode";
import { endNode } from "./EndNode";
import { executeNode } from "./ExecuteNode";
import { finalizeNode } from "./FinalizeNode";
import { ifNode } from "./IfNode";
import { llmNode } from "./LlmNode";
import { loopNode } from "./LoopNode";
import { noteNode } from "./NoteNode";
import { parallelNode } from "./ParallelNode";
import { plannerNode } from "./PlannerNode";
import { questionNode } from "./QuestionNode";
import { routerNode } from "./RouterNode";
import { setStateNode } from "./SetStateNode";
import { startNode } from "./StartNode";
import { subgraphNode } from "./SubgraphNode";
import { switchNode } from "./SwitchNode";
import { validateInputNode } from "./ValidateInputNode";
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
  approval: approvalNode,
  question: questionNode,
  if: ifNode,
  switch: switchNode,
  loop: loopNode,
  parallel: parallelNode,
  set_state: setStateNode,
  subgraph: subgraphNode,
  router: routerNode,
  finalize: finalizeNode,
  validate_input: validateInputNode,
  planner: plannerNode,
  execute: executeNode,
};

/** React Flow's `nodeTypes`, built once (a new object per render would remount every node). */
export const nodeTypes: NodeTypes = Object.fromEntries(Object.entries(canvasNodes).map(([kind, definition]) => [kind, definition.component]));
