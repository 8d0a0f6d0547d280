// Breakpoints of the selected node, in this browser: Break before / Break after, with an
// optional CEL condition, on the whole node and, for an agent, on each step of its loop.
// They are not part of the graph (never exported); the canvas shows a dot on the node.
import type { GraphNode } from "../../schema/index.js";
import { breakpointsStore, useBreakpointsAt, type BreakPlace } from "../store/breakpoints";
import { backgroundParents } from "./backgroundParents";
import { useEditorStore } from "../store/EditorProvider";
import { useStore } from "zustand";
import { CheckboxField } from "./fields/CheckboxField";
import { ExpressionField } from "./fields/ExpressionField";
import { Section } from "./fields/Section";

/** Kinds that run as a step of the graph (Start, End and notes never pause). */
const NOT_BREAKABLE = new Set(["start", "end", "note"]);

function PlaceFields({ graphId, place, title }: { graphId: string; place: BreakPlace; title: string }) {
  const here = useBreakpointsAt(graphId, place);
  const before = here.some((bp) => bp.when === "before");
  const after = here.some((bp) => bp.when === "after");
  const condition = here.find((bp) => bp.condition)?.condition ?? "";
  const store = breakpointsStore.getState();
  return (
    <div role="group" aria-label={`Breakpoints at ${title}`} className="mb-2">
      <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{title}</p>
      <div className="flex gap-4">
        <CheckboxField label="Break before" checked={before} onChange={(on) => store.toggle(graphId, place, "before", on)} />
        <CheckboxField label="Break after" checked={after} onChange={(on) => store.toggle(graphId, place, "after", on)} />
      </div>
      {(before || after) && (
        <ExpressionField
          label="Condition"
          optional
          value={condition}
          placeholder="always (or CEL, e.g. state.messages.size() > 2)"
          onCommit={(text) => store.setCondition(graphId, place, text)}
          hint="CEL over state, input and results; empty pauses every time."
        />
      )}
    </div>
  );
}

/** Says that background tasks run past breakpoints, for a node some agent queues as one. */
function BackgroundNote({ nodeId }: { nodeId: string }) {
  // A string, so a drag elsewhere on the canvas does not re-render the section.
  const parents = useStore(useEditorStore(), (s) => backgroundParents(s.document, nodeId).join(", "));
  if (parents === "") return null;
  return (
    <p role="note" className="mb-2 text-xs text-amber-700 dark:text-amber-400">
      {`Runs as a background task of ${parents}: background tasks do not stop at breakpoints, so these pause it only when it runs inside a turn.`}
    </p>
  );
}

export function BreakpointsSection({ node }: { node: GraphNode }) {
  const graphId = useStore(useEditorStore(), (s) => s.document.meta.id);
  if (NOT_BREAKABLE.has(node.kind)) return null;
  return (
    <Section title="Breakpoints">
      {node.kind === "agent" && <BackgroundNote nodeId={node.id} />}
      <PlaceFields graphId={graphId} place={{ nodeId: node.id, step: null }} title={node.kind === "agent" ? "the whole agent" : "this node"} />
      {node.kind === "agent" && (
        <>
          <PlaceFields graphId={graphId} place={{ nodeId: node.id, step: "call_model" }} title="call_model" />
          <PlaceFields graphId={graphId} place={{ nodeId: node.id, step: "call_tools" }} title="call_tools" />
        </>
      )}
    </Section>
  );
}
