/**
 * Large graphs draw only the nodes and edges in view (React Flow's `onlyRenderVisibleElements`),
 * which keeps dragging smooth at a thousand nodes. Work that needs every node in the DOM (the
 * PNG export) asks for all of them for as long as it runs.
 */
import { useSyncExternalStore } from "react";

let holders = 0;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while some caller needs every node drawn. */
export function isEveryNodeDrawn(): boolean {
  return holders > 0;
}

export function useEveryNodeDrawn(): boolean {
  return useSyncExternalStore(subscribe, isEveryNodeDrawn, isEveryNodeDrawn);
}

/** Resolves once React Flow has drawn and measured every node (it hides a node until measured). */
async function nodesSettled(maxFrames = 120): Promise<void> {
  if (typeof requestAnimationFrame !== "function" || typeof document === "undefined") return;
  for (let frame = 0; frame < maxFrames; frame++) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (frame >= 1 && !document.querySelector('.react-flow__node[style*="visibility: hidden"]')) return;
  }
}

/**
 * Runs `work` with every node and edge of the canvas drawn, then goes back to drawing only
 * what is in view.
 * @example const png = await withEveryNodeDrawn(() => canvasPng());
 */
export async function withEveryNodeDrawn<T>(work: () => Promise<T>, settled: () => Promise<void> = nodesSettled): Promise<T> {
  holders += 1;
  notify();
  try {
    await settled();
    return await work();
  } finally {
    holders -= 1;
    notify();
  }
}
