// Canvas node for If: a CEL condition (or a registered condition's name) picks the True or False branch.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const IfNode = memo(function IfNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "if") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="If" name={data.name} accent="violet" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>
        <code className="font-mono">{data.condition}</code>
      </NodeDetail>
    </NodeFrame>
  );
});

export const ifNode: CanvasNodeDefinition = { component: IfNode, ports, defaultSize: { width: 180, height: 96 } };
