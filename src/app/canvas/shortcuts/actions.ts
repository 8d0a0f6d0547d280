/**
 * The editor's keyboard actions, one entry each: a name, which keys trigger it, where it
 * applies, and what it does. useShortcuts dispatches to the first entry whose keyTest matches.
 */
import type { EditorStore } from "../../store/editorStore";
import { selectionFragment } from "../../store/editorStore";
import { canvasOf } from "../canvasHandle";
import { fragmentClipboard, pasteOffset } from "../clipboard";
import { hasTextSelection, isModKey } from "./keys";

export interface ShortcutContext {
  store: EditorStore;
  openCommandPalette(): void;
  /** Imports pasted text that is not a fragment of nodes (a graph, or another builder's workflow). */
  importPasted?(text: string): void;
}

export interface EditorAction {
  name: string;
  /** Readable key combination, for help text. */
  keys: string;
  keyTest(event: KeyboardEvent): boolean;
  /**
   * `graph`: only with focus on the canvas, palette, inspector, problems or page body;
   * `global`: anywhere but text fields; `anywhere`: text fields too.
   */
  scope: "graph" | "global" | "anywhere";
  /** Performs the action; returns false when it did nothing, so the browser keeps the key. */
  perform(context: ShortcutContext): boolean;
}

function hasSelection(store: EditorStore): boolean {
  const { nodes, edges } = store.getState().selection;
  return nodes.length > 0 || edges.length > 0;
}

export const editorActions: readonly EditorAction[] = [
  {
    name: "Undo",
    keys: "Ctrl+Z",
    scope: "global",
    keyTest: (e) => isModKey(e, "z"),
    perform: ({ store }) => {
      store.temporal.getState().undo();
      return true;
    },
  },
  {
    name: "Redo",
    keys: "Ctrl+Shift+Z, Ctrl+Y",
    scope: "global",
    keyTest: (e) => isModKey(e, "z", true) || isModKey(e, "y"),
    perform: ({ store }) => {
      store.temporal.getState().redo();
      return true;
    },
  },
  {
    name: "Delete",
    keys: "Delete, Backspace",
    scope: "graph",
    keyTest: (e) => (e.key === "Delete" || e.key === "Backspace") && !e.ctrlKey && !e.metaKey && !e.altKey,
    perform: ({ store }) => {
      if (!hasSelection(store)) return false;
      store.getState().removeElements(store.getState().selection);
      return true;
    },
  },
  {
    name: "Copy",
    keys: "Ctrl+C",
    scope: "graph",
    keyTest: (e) => isModKey(e, "c"),
    perform: ({ store }) => {
      const { document, selection } = store.getState();
      if (selection.nodes.length === 0 || hasTextSelection()) return false;
      void fragmentClipboard.copy(selectionFragment(document, selection));
      return true;
    },
  },
  {
    name: "Paste",
    keys: "Ctrl+V",
    scope: "graph",
    keyTest: (e) => isModKey(e, "v"),
    perform: ({ store, importPasted }) => {
      void fragmentClipboard.readPaste().then(({ fragment, text }) => {
        if (!fragment) {
          if (text?.trim() && importPasted) importPasted(text);
          return;
        }
        const { document, paste } = store.getState();
        paste(fragment, pasteOffset(fragment, document, canvasOf(store)?.centre()));
      });
      return true;
    },
  },
  {
    name: "Duplicate",
    keys: "Ctrl+D",
    scope: "graph",
    keyTest: (e) => isModKey(e, "d"),
    perform: ({ store }) => store.getState().duplicateSelection().length > 0,
  },
  {
    name: "Select all",
    keys: "Ctrl+A",
    scope: "graph",
    keyTest: (e) => isModKey(e, "a"),
    perform: ({ store }) => {
      const { document } = store.getState();
      store.getState().select({ nodes: document.nodes.map((n) => n.id), edges: document.edges.map((e) => e.id) });
      return true;
    },
  },
  {
    name: "Command palette",
    keys: "Ctrl+K",
    scope: "anywhere",
    keyTest: (e) => isModKey(e, "k"),
    perform: ({ openCommandPalette }) => {
      openCommandPalette();
      return true;
    },
  },
];
