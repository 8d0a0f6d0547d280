// Canvas node for Approval: pauses the run for a person's approve / reject / edit, then takes
// the Approved or Rejected branch.
import { memo } from "react";
import { outputHandles } from "../../../schema/index.js";
import { useNode } from "../../store/hooks";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import type { CanvasNodeDefinition, FlowNodeProps } from "./types";

const ports = { input: true, output: true, delegation: false };

const ApprovalNode = memo(function ApprovalNode({ id, selected }: FlowNodeProps) {
  const node = useNode(id);
  if (node?.kind !== "approval") return null;
  const { data } = node;
  return (
    <NodeFrame kindTitle="Approval" name={data.name} accent="orange" ports={ports} selected={selected} branches={outputHandles(node)}>
      <NodeDetail>
        {data.message}
        {data.allow_edit ? " · editable" : ""}
      </NodeDetail>
    </NodeFrame>
  );
});

export const approvalNode: CanvasNodeDefinition = { component: ApprovalNode, ports, defaultSize: { width: 180, height: 96 } };
