// Timeline pane content (being built in the builder UI work).
import { EmptyState } from "../shell/EmptyState";

export function Timeline() {
  return <EmptyState>No runs yet</EmptyState>;
}
