// Inspector pane content: the selected node's or edge's form, a summary of a multiple
// selection, or the graph's settings when nothing is selected.
import { lazy, Suspense, useEffect, useRef } from "react";
import { GRAPH_SCOPE_ATTRIBUTE } from "../canvas/shortcuts/keys";
import { useEditor, useEditorShallow } from "../store/hooks";
import { contentOf, edgeIdsOf, nodeIndexOf } from "../store/selectors";
import { EdgeInspector } from "./EdgeInspector";
import { GraphSettings } from "./graph/GraphSettings";
import { MultiSelection } from "./MultiSelection";
import { afterFirstPaint } from "../shell/afterFirstPaint";
import { LoadingStatus } from "../shell/LoadingStatus";

// A node's form (every kind's fields) is needed only once a node is selected: it loads when the
// page has gone idle after its first paint, or at the first selection if that comes sooner.
const loadNodeInspector = () => import("./NodeInspector").then((m) => ({ default: m.NodeInspector }));
const NodeInspector = lazy(loadNodeInspector);

export function Inspector() {
  // Undo can remove a selected element; the inspector ignores ids no longer in the document.
  const nodes = useEditorShallow((s) => s.selection.nodes.filter((id) => nodeIndexOf(s.document).has(id)));
  const edges = useEditorShallow((s) => s.selection.edges.filter((id) => edgeIdsOf(s.document.edges).has(id)));
  // contentOf: dragging the selected node does not re-render its form (forms never show positions).
  const node = useEditor((s) => (nodes.length === 1 && edges.length === 0 ? nodeIndexOf(contentOf(s.document)).get(nodes[0] as string) : undefined));
  const edge = useEditor((s) => (edges.length === 1 && nodes.length === 0 ? s.document.edges.find((e) => e.id === edges[0]) : undefined));

  // A newly inspected element starts at the top of its form, not where the previous one was scrolled to.
  const top = useRef<HTMLDivElement>(null);
  const inspected = node?.id ?? edge?.id ?? (nodes.length + edges.length > 0 ? "selection" : "graph");
  // The pane's body (the parent) is the scroller. Scrolling lays out the new content at once
  // (about 100 ms when a drag selects a node), so only a pane that is scrolled is scrolled back;
  // whether it is comes from its scroll events, as reading its position would lay it out too.
  const scrolled = useRef(false);
  useEffect(() => {
    const scroller = top.current?.parentElement;
    if (!scroller) return;
    const onScroll = () => {
      scrolled.current = scroller.scrollTop > 0;
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => scroller.removeEventListener("scroll", onScroll);
  }, []);
  useEffect(() => {
    if (!scrolled.current) return;
    scrolled.current = false;
    top.current?.parentElement?.scrollTo({ top: 0 });
  }, [inspected]);
  useEffect(() => {
    // A failed prefetch is tried again at the first selection.
    afterFirstPaint()
      .then(loadNodeInspector)
      .catch(() => undefined);
  }, []);

  let content;
  if (node) content = <NodeInspector key={node.id} node={node} />;
  else if (edge) content = <EdgeInspector key={edge.id} edge={edge} />;
  else if (nodes.length + edges.length > 0) content = <MultiSelection nodes={nodes} edges={edges} />;
  else content = <GraphSettings />;

  return (
    <div ref={top} className="w-full p-3" {...{ [GRAPH_SCOPE_ATTRIBUTE]: "" }}>
      {/* Keyed: while a node's form loads, the previous content is gone, not hidden in the DOM. */}
      <Suspense key={inspected} fallback={<LoadingStatus what="the node's settings" />}>
        {content}
      </Suspense>
    </div>
  );
}
