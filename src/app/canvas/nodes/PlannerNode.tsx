// Canvas node for Planner: a model plans tool actions with their dependencies.
import { memo } from "react";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const PlannerNode = memo(function PlannerNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "planner") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Planner" name={data.name} accent="fuchsia" ports={ports} selected={selected}>
      <NodeDetail>
        {data.model} · {data.mode === "meta_tools" ? "meta-tools" : `${data.tools.length} ${data.tools.length === 1 ? "tool" : "tools"}`}
      </NodeDetail>
    </NodeFrame>
  );
});

export const plannerNode: CanvasNodeDefinition = { component: PlannerNode, ports, defaultSize: { width: 180, height: 70 } };
