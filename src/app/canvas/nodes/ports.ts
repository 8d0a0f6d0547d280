/** Handle ids, shared by the canvas node, the edge derivation and connecting; which ports a kind has is in its descriptor. */
export type { Ports } from "../../../schema/index.js";

/** Handle ids, shared by node components, the edge derivation and connecting. */
export const HANDLE = {
  input: "in",
  output: "out",
  parent: "parent",
  delegate: "delegate",
} as const;
