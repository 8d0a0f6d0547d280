// The canvas: a React Flow editor over the open document. Nodes and edges are derived from
// the store (stable objects per unchanged element); every gesture becomes a store action.
import "@xyflow/react/dist/style.css";
import "./canvas.css";
import { Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, type Connection, type EdgeChange } from "@xyflow/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { contentOf, nodeIndexOf, problemsOf } from "../store/selectors";
import { registerCanvas } from "./canvasHandle";
import { ClearRunOverlayButton } from "./ClearRunOverlayButton";
import { RunOverlayProvider } from "./RunOverlayProvider";
import { useEveryNodeDrawn } from "./renderAll";
import { useCollapsed } from "./collapseStore";
import { InnerLoopHost, openInnerLoop } from "./innerLoop/innerLoopHost";
import { hiddenEdges, hiddenNodes } from "./subtree";
import { edgeTypes } from "./edges/registry";
import type { FlowEdge } from "./edges/types";
import { applyEdgeChanges, connectFromFlow, isValidConnection } from "./flowChanges";
import { FlowEdgeCache, FlowNodeCache, type Size } from "./flowElements";
import { usePanelMovesSkipped } from "./usePanelMovesSkipped";
import { useNodeChanges } from "./useNodeChanges";
import { nodeTypes } from "./nodes/registry";
import type { FlowNode } from "./nodes/types";
import { MINIMAP_SIZE, minimapColour } from "./minimap";
import { MinimapToggle } from "./MinimapToggle";
import { SnapshotMinimap } from "./SnapshotMinimap";
import { carriesNodeKind, droppedKind } from "./paletteDrag";
import { addNodeAtScreenPoint } from "./placement";
import { GRAPH_SCOPE_ATTRIBUTE } from "./shortcuts/keys";
import { useShortcuts } from "./shortcuts/useShortcuts";
import { fitTargets, useMinimapFit } from "./useMinimapFit";
import { useFitAfterChange } from "./useFitAfterChange";
import { useShellStore } from "../shell/shellStore";
import { useImporter } from "../shell/useImporter";
import { useResolvedTheme } from "../shell/theme/themeStore";

const MULTI_SELECT_KEYS = ["Shift", "Meta", "Control"];
/** Graphs with more nodes than this draw only what is in view. */
const CULL_ABOVE = 200;
/**
 * Graphs with more nodes than this get a minimap of the nodes as they were when last still (see
 * SnapshotMinimap): React Flow's live minimap redraws a rect per node on every drag frame, which
 * at 300 nodes cost about 0.3 ms of each frame's paint and layerizing.
 */
const SNAPSHOT_MINIMAP_ABOVE = CULL_ABOVE;

export function Canvas() {
  // A different graph gets a fresh React Flow (viewport fitted to it, measurements reset).
  const graphId = useEditor((s) => s.document.meta.id);
  return (
    <RunOverlayProvider>
      <ReactFlowProvider key={graphId}>
        <FlowEditor />
      </ReactFlowProvider>
    </RunOverlayProvider>
  );
}

function FlowEditor() {
  const store = useEditorStore();
  const document = useEditor((s) => s.document);
  const selection = useEditor((s) => s.selection);
  const theme = useResolvedTheme();
  const problems = problemsOf(document);
  const cull = !useEveryNodeDrawn() && document.nodes.length > CULL_ABOVE;
  const { measured, dragged, onNodesChange } = useNodeChanges(store);
  const [nodeCache] = useState(() => new FlowNodeCache());
  const [edgeCache] = useState(() => new FlowEdgeCache());
  const collapsed = useCollapsed(document.meta.id);
  // Collapsed subtrees and edges do not depend on where nodes are: while nodes are dragged the
  // content stays the same object, so none of the (thousands of) edges is derived again.
  const content = contentOf(document);
  const hidden = useMemo(() => hiddenNodes(content, collapsed), [content, collapsed]);
  const hiddenLinks = useMemo(() => hiddenEdges(content, hidden), [content, hidden]);
  const nodes = useMemo(
    () => nodeCache.derive(document, selection.nodes, measured, problems, hidden, dragged),
    [nodeCache, document, selection.nodes, measured, problems, hidden, dragged],
  );
  const edges = useMemo(
    () => edgeCache.derive(content, selection.edges, nodeIndexOf(content), hiddenLinks),
    [edgeCache, content, selection.edges, hiddenLinks],
  );
  const onNodeDoubleClick = useCallback((_: unknown, node: FlowNode) => {
    if (node.type === "agent") openInnerLoop(node.id);
  }, []);

  const shell = useShellStore();
  const openCommandPalette = useCallback(() => shell.getState().openDialog("commands"), [shell]);
  const importer = useImporter();
  // Pasted text that is not nodes may be a graph or another builder's workflow: it imports as a new graph.
  const importPasted = useCallback((text: string) => void importer.importText(text, "The pasted text", { pasted: true }), [importer]);
  useShortcuts({ store, openCommandPalette, importPasted });

  const wrapper = useRef<HTMLDivElement>(null);
  usePanelMovesSkipped(wrapper);
  const flow = useReactFlow<FlowNode, FlowEdge>();
  // Fitting leaves the minimap its corner, so it never covers a node of a fitted graph.
  const targets = useMemo(() => fitTargets(content, hidden), [content, hidden]);
  const targetsRef = useRef(targets);
  useLayoutEffect(() => {
    targetsRef.current = targets;
  }, [targets]);
  const { minimapShown, fitViewOptions } = useMinimapFit(wrapper, document, measured, targets);
  const fitAfterChange = useFitAfterChange(targetsRef, cull);
  useEffect(
    () =>
      registerCanvas(store, {
        centre() {
          const box = wrapper.current?.getBoundingClientRect();
          return box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
        },
        toFlow: (point) => flow.screenToFlowPosition(point),
        reveal(nodeId) {
          const node = flow.getInternalNode(nodeId);
          if (!node) return;
          const { x, y } = node.internals.positionAbsolute;
          // A node out of view may never have been drawn: its estimated box stands in for its measured one.
          const width = node.measured.width ?? node.initialWidth ?? 0;
          const height = node.measured.height ?? node.initialHeight ?? 0;
          void flow.setCenter(x + width / 2, y + height / 2, { zoom: flow.getZoom(), duration: 200 });
        },
        fitView: fitAfterChange,
        sizes() {
          const sizes = new Map<string, Size>();
          for (const node of flow.getNodes())
            if (node.measured?.width && node.measured.height) sizes.set(node.id, { width: node.measured.width, height: node.measured.height });
          return sizes;
        },
      }),
    [store, flow, fitAfterChange],
  );

  const onEdgesChange = useCallback((changes: EdgeChange<FlowEdge>[]) => applyEdgeChanges(store, changes), [store]);
  const onConnect = useCallback((connection: Connection) => void connectFromFlow(store, connection), [store]);

  const onDragOver = useCallback((event: DragEvent) => {
    if (!carriesNodeKind(event.dataTransfer) && !event.dataTransfer.types.includes("Files")) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  }, []);
  const onDrop = useCallback(
    (event: DragEvent) => {
      // A file dropped on the canvas imports as the Import button's would (a graph, or another builder's workflow).
      const [file] = event.dataTransfer.files;
      if (file) {
        event.preventDefault();
        void importer.importFile(file);
        return;
      }
      const kind = droppedKind(event.dataTransfer);
      if (!kind) return;
      event.preventDefault();
      addNodeAtScreenPoint(store, kind, { x: event.clientX, y: event.clientY });
    },
    [store, importer],
  );

  // Made once per change of what they show: a drag re-renders this component on every move, and
  // new elements would re-render the controls, the panels and (at most sizes) the minimap with it.
  const controls = useMemo(
    () => (
      <>
        <Background gap={20} />
        <Controls showInteractive={false} fitViewOptions={fitViewOptions}>
          <ClearRunOverlayButton />
          <MinimapToggle />
        </Controls>
      </>
    ),
    [fitViewOptions],
  );
  const snapshotNodes = document.nodes.length > SNAPSHOT_MINIMAP_ABOVE ? nodes : null;
  const minimap = useMemo(() => {
    if (!minimapShown) return null;
    if (snapshotNodes) return <SnapshotMinimap nodes={snapshotNodes} pannable zoomable nodeColor={minimapColour} ariaLabel="Minimap" style={MINIMAP_SIZE} />;
    return <MiniMap pannable zoomable nodeColor={minimapColour} ariaLabel="Minimap" style={MINIMAP_SIZE} />;
  }, [minimapShown, snapshotNodes]);
  const innerLoop = useMemo(() => <InnerLoopHost />, []);

  // Its own compositing layer (the wrapper itself never moves or scales, so nothing blurs): a
  // drag frame then re-records this layer alone, not the page's root layer with every pane in it.
  return (
    <div
      ref={wrapper}
      className="relative min-h-0 min-w-0 flex-1 will-change-transform"
      onDragOver={onDragOver}
      onDrop={onDrop}
      {...{ [GRAPH_SCOPE_ATTRIBUTE]: "" }}
    >
      <ReactFlow<FlowNode, FlowEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onNodeDoubleClick={onNodeDoubleClick}
        zoomOnDoubleClick={false}
        isValidConnection={isValidConnection}
        deleteKeyCode={null}
        multiSelectionKeyCode={MULTI_SELECT_KEYS}
        selectionKeyCode="Shift"
        colorMode={theme}
        fitView
        // A big graph opens at a readable zoom around its middle (the minimap shows the rest),
        // and only what is in view is drawn: dragging stays smooth at a thousand nodes.
        fitViewOptions={fitViewOptions}
        onlyRenderVisibleElements={cull}
        minZoom={0.05}
      >
        {controls}
        {minimap}
      </ReactFlow>
      {innerLoop}
    </div>
  );
}
