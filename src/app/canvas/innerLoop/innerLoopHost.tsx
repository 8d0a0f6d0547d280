// Where the inner-loop dialog opens from (double-click on an agent, its inspector's button) and
// where it is mounted. The dialog and the loop description load when one is first opened.
import { lazy, Suspense } from "react";
import { useStore } from "zustand";
import { createStore } from "zustand/vanilla";

const InnerLoop = lazy(() => import("./InnerLoopDialog"));

const openAgent = createStore<{ agentId: string | null }>()(() => ({ agentId: null }));

/** Opens the inner-loop dialog of an agent node. */
export function openInnerLoop(agentId: string): void {
  openAgent.setState({ agentId });
}

/** Renders the dialog when one is open; mounted once by the canvas. */
export function InnerLoopHost() {
  const agentId = useStore(openAgent, (s) => s.agentId);
  if (!agentId) return null;
  return (
    <Suspense fallback={null}>
      <InnerLoop agentId={agentId} onClose={() => openAgent.setState({ agentId: null })} />
    </Suspense>
  );
}
