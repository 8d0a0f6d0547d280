/**
 * What the timeline changes to show an event selected from elsewhere (a node's run badge on the
 * canvas): Verbose on for the graph's node steps, and every call around the event unfolded.
 */
import type { RunEvent } from "../../engine/index.js";
import { shownInView, type CallIndex } from "./timelineRows";

export interface RevealView {
  verbose: boolean;
  collapsed: ReadonlySet<string>;
}

/**
 * The view with `events[at]` among its rows (the same object when nothing had to change).
 * @example revealEvent(events, events.indexOf(nodeEnd), indexCalls(events), { verbose: false, collapsed: new Set() }) // { verbose: true, collapsed }
 */
export function revealEvent(events: readonly RunEvent[], at: number, index: CallIndex, view: RevealView): RevealView {
  const event = events[at];
  if (!event) return view;
  const verbose = view.verbose || !shownInView(event, false);
  let collapsed = view.collapsed;
  // The call a row sits in: its parent call's for a row that opens a call, its own call otherwise.
  let call: string | null | undefined = index.opener.get(event.call_id) === at ? index.parent.get(event.call_id) : event.call_id;
  for (let guard = 0; call && guard < 64; guard++) {
    if (collapsed.has(call)) {
      const next = new Set(collapsed);
      next.delete(call);
      collapsed = next;
    }
    call = index.parent.get(call) ?? null;
  }
  return verbose === view.verbose && collapsed === view.collapsed ? view : { verbose, collapsed };
}
