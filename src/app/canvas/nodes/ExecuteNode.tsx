// Canvas node for Execute: runs the plan's actions (confirm, sequential or parallel).
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const ExecuteNode = memo(function ExecuteNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "execute") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Execute" name={data.name} accent="fuchsia" ports={ports} selected={selected}>
      <NodeDetail>
        {data.mode} · {data.max_workers} workers · {Math.round(data.timeout_ms / 1000)} s
      </NodeDetail>
    </NodeFrame>
  );
});

export const executeNode: CanvasNodeDefinition = { component: ExecuteNode, ports, defaultSize: { width: 180, height: 70 } };
