/**
 * How a delegation edge looks, decided from its mode and blocking flag alone, so the three
 * kinds of sub-agent link read apart at a glance and for assistive technology:
 * - handoff (seed 000): control moves to the sub-agent — a solid violet line;
 * - tool, blocking (seed 002): the parent waits for the answer — a dashed violet line;
 * - tool, non-blocking: the sub-agent runs in the background — a dotted fuchsia line whose dashes
 *   move while the sub-agent runs (`marches`).
 */

import type { RunStatus } from "../../store/runOverlay";

export type DelegationMode = "handoff" | "tool";

export interface DelegationStyle {
  /** SVG dash pattern; undefined draws a solid line. */
  strokeDasharray: string | undefined;
  stroke: string;
  /** Arrow colour (drawn by React Flow as a marker, so a plain colour, not a CSS variable). */
  marker: string;
  /** Short text on the edge. */
  label: string;
  /** Sentence for the edge's accessible description. */
  description: string;
  /** A background link: its dashes move while the sub-agent runs (see `marches`). */
  animated: boolean;
}

const VIOLET = "#8b5cf6";
const FUCHSIA = "#d946ef";

/**
 * @example delegationStyle("tool", false).label // "tool · background"
 */
export function delegationStyle(mode: DelegationMode | undefined, blocking: boolean | undefined): DelegationStyle {
  if ((mode ?? "handoff") === "handoff") {
    return {
      strokeDasharray: undefined,
      stroke: VIOLET,
      marker: VIOLET,
      label: "handoff",
      description: "Handoff: control moves to the sub-agent through a transfer_to tool",
      animated: false,
    };
  }
  if (blocking === false) {
    return {
      strokeDasharray: "2 5",
      stroke: FUCHSIA,
      marker: FUCHSIA,
      label: "tool · background",
      description: "Tool, non-blocking: the parent gets a task handle and the sub-agent runs in the background",
      animated: true,
    };
  }
  return {
    strokeDasharray: "8 4",
    stroke: VIOLET,
    marker: VIOLET,
    label: "tool · blocking",
    description: "Tool, blocking: the parent calls the sub-agent and waits for its answer",
    animated: false,
  };
}

/**
 * Whether the edge's dashes move now: only a background link, and only while its sub-agent runs.
 * An idle graph draws no animation: moving dashes repaint the edge every frame (a third of a core
 * on a 2-core machine for the MainAgent template, for as long as it is open).
 * @example marches(delegationStyle("tool", false), "running") // true
 */
export function marches(style: DelegationStyle, subAgentStatus: RunStatus | undefined): boolean {
  return style.animated && subAgentStatus === "running";
}
