/** Handles a node kind offers: flow in/out (left/right) and the delegation pair (parent above, sub-agents below). */
export interface Ports {
  /** Accepts incoming flow and conditional edges. */
  input: boolean;
  /** Starts outgoing flow and conditional edges. */
  output: boolean;
  /** Takes part in the sub-agent hierarchy: a parent handle on top, a sub-agents handle below. */
  delegation: boolean;
}

/** Handle ids, shared by node components, the edge derivation and connecting. */
export const HANDLE = {
  input: "in",
  output: "out",
  parent: "parent",
  delegate: "delegate",
} as const;
