// Canvas node for Tool: runs one catalog tool with templated arguments.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NO_TOOL } from "../../store/nodeDefaults";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const ToolNode = memo(function ToolNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "tool") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Tool" name={data.name} accent="amber" ports={ports} selected={selected}>
      <NodeDetail>{data.tool && data.tool !== NO_TOOL ? data.tool : "no tool chosen"}</NodeDetail>
    </NodeFrame>
  );
});

export const toolNode: CanvasNodeDefinition = { component: ToolNode, ports, defaultSize: { width: 170, height: 70 } };
