// Canvas pane content (being built in the builder UI work).
import { EmptyState } from "../shell/EmptyState";

export function Canvas() {
  return <EmptyState>No graph open</EmptyState>;
}
