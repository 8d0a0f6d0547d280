/** Minimap colours: each node in its kind's colour (from the kind's descriptor). */
import { nodeKindTable, type NodeKindTableOf } from "../../schema/index.js";

/** For a node whose kind the table does not know (never expected; drawn neutral rather than not at all). */
export const FALLBACK_MINIMAP_COLOUR = "#a1a1aa";

/**
 * The minimap colour of a React Flow node (its `type` is the graph node's kind).
 * @example minimapColour({ type: "agent" }) // "#6366f1"
 */
export function minimapColour(node: { type?: string }, table: NodeKindTableOf = nodeKindTable): string {
  const kind = node.type;
  return kind !== undefined && Object.hasOwn(table, kind) ? (table[kind]?.minimap ?? FALLBACK_MINIMAP_COLOUR) : FALLBACK_MINIMAP_COLOUR;
}

/** The minimap's size on screen (px): small enough to leave the canvas to the graph. */
export const MINIMAP_SIZE = { width: 168, height: 112 } as const;
/** React Flow's margin around its corner panels (px). */
export const PANEL_MARGIN = 15;
/** Space kept clear between a fitted graph and each edge of the canvas, as a share of its width or height. */
export const FIT_EDGE_SHARE = 0.065;

interface Size {
  width: number;
  height: number;
}

export interface FitPadding {
  top: `${number}px`;
  right: `${number}px`;
  bottom: `${number}px`;
  left: `${number}px`;
}

const px = (n: number): `${number}px` => `${Math.round(n)}px`;

/**
 * Fit-view padding that keeps a fitted graph clear of the minimap in the canvas's bottom-right
 * corner: the graph stays left of the minimap's column or above its row, whichever lets it be
 * drawn larger. Without a minimap (hidden, or no graph yet) the padding is even.
 * @example fitPaddingBesideMinimap({ width: 800, height: 450 }, { width: 600, height: 200 }, MINIMAP_SIZE)
 * // { top: "29px", left: "52px", right: "52px", bottom: "142px" } — a wide graph keeps above it
 */
export function fitPaddingBesideMinimap(canvas: Size, graph: Size, minimap: Size | null): FitPadding {
  const x = canvas.width * FIT_EDGE_SHARE;
  const y = canvas.height * FIT_EDGE_SHARE;
  const even = { top: px(y), right: px(x), bottom: px(y), left: px(x) };
  if (!minimap || graph.width <= 0 || graph.height <= 0 || canvas.width <= 0 || canvas.height <= 0) return even;
  const besideColumn = Math.max(x, minimap.width + 2 * PANEL_MARGIN);
  const aboveRow = Math.max(y, minimap.height + 2 * PANEL_MARGIN);
  const zoomLeftOfIt = Math.min((canvas.width - x - besideColumn) / graph.width, (canvas.height - 2 * y) / graph.height);
  const zoomAboveIt = Math.min((canvas.width - 2 * x) / graph.width, (canvas.height - y - aboveRow) / graph.height);
  return zoomLeftOfIt >= zoomAboveIt ? { ...even, right: px(besideColumn) } : { ...even, bottom: px(aboveRow) };
}
