// Inspector pane content (being built in the builder UI work).
import { EmptyState } from "../shell/EmptyState";

export function Inspector() {
  return <EmptyState>Nothing selected</EmptyState>;
}
