// The canvas control that clears the run overlay (node badges, rings, edges taken) until the next run.
import { ControlButton } from "@xyflow/react";
import { useRunOverlayClear } from "./RunOverlayProvider";

export function ClearRunOverlayButton() {
  const { shown, clear } = useRunOverlayClear();
  return (
    <ControlButton onClick={clear} disabled={!shown} aria-label="Clear run overlay" title="Clear run overlay (until the next run)">
      <svg viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round">
        <circle cx="8" cy="8" r="5.5" />
        <path d="M4.2 11.8 11.8 4.2" />
      </svg>
    </ControlButton>
  );
}
