// The one canvas node component: it reads its graph node from the store by id and draws it from
// its kind's descriptor — the frame (badge, name, ports, branch handles), the detail line, the
// sub-agent toggle for kinds in the delegation hierarchy — or a sticky note for notes.
import { memo } from "react";
import { nodeKindTable, outputHandles, type AnyNodeKindDescriptor, type DetailPart, type GraphNode } from "../../../schema/index.js";
import { useNodeContent } from "../../store/hooks";
import { useNodeRun } from "../RunOverlayProvider";
import { BreakpointDot } from "./BreakpointDot";
import { NodeDetail, NodeFrame } from "./NodeFrame";
import { SubtreeToggle } from "./SubtreeToggle";
import type { FlowNodeProps } from "./types";

function Detail({ parts }: { parts: readonly DetailPart[] }) {
  return parts.map((part, index) =>
    typeof part === "string" ? (
      part
    ) : (
      <code key={index} className="font-mono">
        {part.code}
      </code>
    ),
  );
}

function StickyNote({ parts, selected }: { parts: readonly DetailPart[]; selected: boolean }) {
  return (
    <div
      className={`max-w-60 min-w-32 rounded-sm bg-yellow-100 px-3 py-2 text-xs whitespace-pre-wrap text-yellow-950 shadow-md dark:bg-yellow-900/60 dark:text-yellow-50 ${
        selected ? "ring-2 ring-blue-500" : ""
      }`}
    >
      {parts.length > 0 ? <Detail parts={parts} /> : <span className="italic opacity-60">Empty note</span>}
    </div>
  );
}

function detailText(parts: readonly DetailPart[]): string {
  return parts.map((part) => (typeof part === "string" ? part : part.code)).join("");
}

function nameOf(node: GraphNode): string {
  return "name" in node.data ? node.data.name : "";
}

export const CanvasNode = memo(function CanvasNode({ id, selected }: FlowNodeProps) {
  // React Flow passes where the node is with its props, so a drag draws the dragged node's body
  // again. A comparator of id and selection alone would skip that, but measured slower (with a
  // comparator, React gives each memoized node a second fiber to walk); it keeps React's default.
  const node = useNodeContent(id);
  const run = useNodeRun(id);
  if (!node) return null;
  // The table pairs each kind with its data type; TypeScript cannot follow that through `node.kind`.
  const kind = nodeKindTable[node.kind] as AnyNodeKindDescriptor;
  const detail = kind.detail?.(node.data);
  if (kind.look === "sticky") return <StickyNote parts={detail ?? []} selected={selected} />;
  const name = nameOf(node);
  return (
    <NodeFrame
      kindTitle={kind.badge?.(node.data) ?? kind.title}
      name={name}
      accent={kind.accent}
      ports={kind.ports}
      selected={selected}
      branches={kind.handles ? outputHandles(node) : null}
      run={run}
    >
      {detail && (
        <NodeDetail text={detailText(detail)}>
          <Detail parts={detail} />
        </NodeDetail>
      )}
      {kind.ports.delegation && <SubtreeToggle id={id} name={name} />}
      <BreakpointDot nodeId={id} name={name || kind.title} />
    </NodeFrame>
  );
});
