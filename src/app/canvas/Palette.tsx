// Palette pane content (being built in the builder UI work).
import { EmptyState } from "../shell/EmptyState";

export function Palette() {
  return <EmptyState>No node kinds available</EmptyState>;
}
