// Canvas node for Question: asks a person to pick an option; each option is a branch.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const QuestionNode = memo(function QuestionNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "question") return null;
  return (
    <NodeFrame kindTitle="Question" name={node.data.name} accent="orange" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>{node.data.question}</NodeDetail>
    </NodeFrame>
  );
});

export const questionNode: CanvasNodeDefinition = { component: QuestionNode, ports, defaultSize: { width: 180, height: 96 } };
