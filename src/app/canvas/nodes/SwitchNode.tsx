// Canvas node for Switch: the first case equal to the variable's value picks the branch, else Default.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const SwitchNode = memo(function SwitchNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "switch") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Switch" name={data.name} accent="violet" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>
        <code className="font-mono">{data.variable}</code>
      </NodeDetail>
    </NodeFrame>
  );
});

export const switchNode: CanvasNodeDefinition = { component: SwitchNode, ports, defaultSize: { width: 180, height: 110 } };
