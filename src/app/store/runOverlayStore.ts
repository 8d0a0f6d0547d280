/**
 * The canvas's run overlay as a store: derived from the shown thread's events (which the
 * playground store applies once per animation frame, so this updates at most once a frame) and
 * the document's nodes and edges (positions aside: a drag derives nothing). `clear()` hides the
 * overlay of the latest run until the next run starts.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { EditorStore } from "./editorStore";
import type { PlaygroundStore } from "./playground/types";
import { contentOf } from "./selectors";
import { createRunOverlayDeriver, EMPTY_OVERLAY, overlayGraph, type OverlayGraph, type RunOverlay } from "./runOverlay";

export interface RunOverlayState {
  /** What the canvas shows: the latest run's overlay, or an empty one after `clear()`. */
  shown: RunOverlay;
  clear(): void;
}

export type RunOverlayStore = StoreApi<RunOverlayState> & {
  /** Follows the editor and playground stores (catching up with them first); returns the function that stops it. */
  connect(): () => void;
};

/**
 * @example
 * const overlay = createRunOverlayStore(editor, playground);
 * const disconnect = overlay.connect();
 * overlay.getState().shown.nodes["agent"]?.status // "running"
 * disconnect();
 */
export function createRunOverlayStore(editor: EditorStore, playground: PlaygroundStore): RunOverlayStore {
  const derive = createRunOverlayDeriver();
  let content = contentOf(editor.getState().document);
  let graph: OverlayGraph = overlayGraph(content);
  let events = playground.getState().events;
  let derived = derive(events, graph);
  let cleared: string | null = null;

  const shownOf = (overlay: RunOverlay) => (overlay.runId !== null && overlay.runId === cleared ? EMPTY_OVERLAY : overlay);
  const store = createStore<RunOverlayState>()((set) => ({
    shown: shownOf(derived),
    clear() {
      cleared = derived.runId;
      set({ shown: EMPTY_OVERLAY });
    },
  }));

  const refresh = () => {
    const next = derive(events, graph);
    if (next === derived) return;
    derived = next;
    // A new run shows again after a Clear.
    if (cleared !== null && next.runId !== cleared) cleared = null;
    store.setState({ shown: shownOf(next) });
  };
  const sync = () => {
    events = playground.getState().events;
    const next = contentOf(editor.getState().document);
    if (next !== content) {
      content = next;
      graph = overlayGraph(next);
    }
    refresh();
  };
  return Object.assign(store, {
    connect() {
      sync();
      const stopPlayground = playground.subscribe((state) => {
        if (state.events === events) return;
        events = state.events;
        refresh();
      });
      const stopEditor = editor.subscribe((state) => {
        const next = contentOf(state.document);
        if (next === content) return;
        content = next;
        graph = overlayGraph(next);
        refresh();
      });
      return () => {
        stopPlayground();
        stopEditor();
      };
    },
  });
}
