// A Controls button that hides or shows the minimap (remembered in this browser).
import { ControlButton } from "@xyflow/react";
import { appLayoutStore, useLayout } from "../shell/layout/layoutStore";

export function MinimapToggle() {
  const shown = useLayout((s) => s.minimapShown);
  const label = shown ? "Hide minimap" : "Show minimap";
  return (
    <ControlButton aria-label={label} title={label} onClick={() => appLayoutStore().getState().setMinimapShown(!shown)}>
      <svg viewBox="0 0 16 16" aria-hidden="true">
        <rect x="1.5" y="3.5" width="13" height="9" rx="1" fill="none" stroke="currentColor" />
        <rect x="8" y="7.5" width="5" height="3.5" fill={shown ? "currentColor" : "none"} stroke="currentColor" />
      </svg>
    </ControlButton>
  );
}
