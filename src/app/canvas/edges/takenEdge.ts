// How an edge the run took is drawn: a heavier emerald line, marked `data-taken` for tests.
import type { CSSProperties } from "react";

const TAKEN_STROKE = "var(--color-emerald-500)";

/**
 * The path props of an edge, highlighted when the run took it.
 * @example <BaseEdge path={path} {...takenEdge({ strokeWidth: 1.5 }, taken)} />
 */
export function takenEdge(style: CSSProperties, taken: boolean): { style: CSSProperties; "data-taken"?: "true" } {
  if (!taken) return { style };
  const width = typeof style.strokeWidth === "number" ? style.strokeWidth : 1.5;
  return { style: { ...style, stroke: TAKEN_STROKE, strokeWidth: width + 1.5 }, "data-taken": "true" };
}
