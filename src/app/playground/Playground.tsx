// Playground pane content (being built in the builder UI work).
import { EmptyState } from "../shell/EmptyState";

export function Playground() {
  return <EmptyState>No messages yet</EmptyState>;
}
