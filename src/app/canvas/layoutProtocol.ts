/** Messages between the page and the layout worker (layout.worker.ts). */
import type { GraphDocument } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";

export interface LayoutRequest {
  id: number;
  document: GraphDocument;
  /** Measured node sizes, by node id. */
  sizes: [string, Size][];
}

export type LayoutReply = { id: number; positions: Record<string, XY> } | { id: number; error: string };
