// Canvas node for Validate input: an empty or too long message leaves through Invalid with its reply.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const ValidateInputNode = memo(function ValidateInputNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "validate_input") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Validate input" name={data.name} accent="teal" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>empty or over {data.max_length} chars → Invalid</NodeDetail>
    </NodeFrame>
  );
});

export const validateInputNode: CanvasNodeDefinition = { component: ValidateInputNode, ports, defaultSize: { width: 180, height: 96 } };
