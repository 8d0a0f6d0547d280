// Canvas node for Router: ordered deterministic rules (gate rules first) pick a route; one branch per route plus Default.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const RouterNode = memo(function RouterNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "router") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Router" name={data.name} accent="fuchsia" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>
        {data.rules.length} {data.rules.length === 1 ? "rule" : "rules"}
        {data.rules.some((r) => r.gate) ? " · gate first" : ""}
      </NodeDetail>
    </NodeFrame>
  );
});

export const routerNode: CanvasNodeDefinition = { component: RouterNode, ports, defaultSize: { width: 180, height: 110 } };
