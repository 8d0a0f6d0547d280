// Canvas node for Parallel: each outgoing edge is a branch run at the same time; the join waits for all.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const ParallelNode = memo(function ParallelNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "parallel") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Parallel" name={data.name} accent="teal" ports={ports} selected={selected}>
      <NodeDetail>every edge a branch · up to {data.max_concurrency} at once</NodeDetail>
    </NodeFrame>
  );
});

export const parallelNode: CanvasNodeDefinition = { component: ParallelNode, ports, defaultSize: { width: 180, height: 70 } };
