/** Key tests and focus scopes for the editor's keyboard shortcuts. */

/** Marks the parts of the page where graph shortcuts (Delete, copy, paste, select all) apply. */
export const GRAPH_SCOPE_ATTRIBUTE = "data-graph-shortcuts";

/** Ctrl on Windows and Linux, Cmd on macOS (either is accepted everywhere). */
export function isMod(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey;
}

/** Mod + key, with Shift exactly as given and no Alt. */
export function isModKey(event: KeyboardEvent, key: string, shift = false): boolean {
  return isMod(event) && !event.altKey && event.shiftKey === shift && event.key.toLowerCase() === key;
}

/** Text fields keep their own keys: typing Backspace or Ctrl+Z there edits the text. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type);
  return false;
}

/** The page body or an element inside a graph-scoped part (canvas, palette, inspector, problems, toolbar). */
export function inGraphScope(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return true;
  if (target === document.body || target === document.documentElement) return true;
  return target.closest(`[${GRAPH_SCOPE_ATTRIBUTE}]`) !== null;
}

/** True when the person has selected text on the page, which Ctrl+C should copy instead of nodes. */
export function hasTextSelection(): boolean {
  const selection = window.getSelection();
  return !!selection && !selection.isCollapsed && selection.toString().trim().length > 0;
}
