// Canvas node for Loop: Body while the condition holds, Exit after it or when max_loops trips.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const LoopNode = memo(function LoopNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "loop") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Loop" name={data.name} accent="violet" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>
        <code className="font-mono">{data.condition}</code> · max {data.max_loops}
      </NodeDetail>
    </NodeFrame>
  );
});

export const loopNode: CanvasNodeDefinition = { component: LoopNode, ports, defaultSize: { width: 180, height: 96 } };
