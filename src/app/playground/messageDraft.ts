/**
 * The message box's text survives a reload of the tab: a person who typed a message (or pressed
 * Enter while a run was still ending, which leaves it in the box) finds it there again. It is
 * kept in the tab's sessionStorage, written when the page is hidden (as a reload, a navigation
 * or closing the tab does) and offered again when the box mounts. A message on its way to the engine
 * is not kept: the thread already holds it, and the box would offer it a second time.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";

const KEY = "graphwright:message-draft";

/** The tab's session storage, or undefined where it cannot be used (storage disabled, an opaque origin). */
function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The text the previous load of this tab kept, if any. */
export function keptDraft(): string {
  try {
    return storage()?.getItem(KEY) ?? "";
  } catch {
    return "";
  }
}

/** Keeps `text` for the next load of this tab, or forgets what was kept when it is blank. */
export function keepDraft(text: string): void {
  const store = storage();
  try {
    if (text.trim()) store?.setItem(KEY, text);
    else store?.removeItem(KEY);
  } catch {
    // A full or disabled storage keeps nothing: the box works as before, without surviving a reload.
  }
}

/**
 * The box's text, filled from what the previous load of this tab kept. `sending(text)` marks the
 * text as on its way (not kept at pagehide) until the box holds something else, or `settled()`
 * says the send did not start.
 */
export function useMessageDraft(): { draft: string; setDraft: Dispatch<SetStateAction<string>>; sending(text: string): void; settled(): void } {
  const [draft, setDraft] = useState(keptDraft);
  const latest = useRef({ draft, inFlight: null as string | null });
  useEffect(() => {
    latest.current.draft = draft;
    // Once the box holds anything else (emptied by the send, or the engine's refusal put the text
    // back after it was emptied), the text is no longer on its way.
    if (latest.current.inFlight !== null && draft.trim() !== latest.current.inFlight) latest.current.inFlight = null;
  }, [draft]);
  useEffect(() => {
    // It fills the box once: a later load that never reaches pagehide (a crash) does not offer it again.
    keepDraft("");
    const onPageHide = () => {
      const { draft: text, inFlight } = latest.current;
      keepDraft(inFlight !== null && inFlight === text.trim() ? "" : text);
    };
    window.addEventListener("pagehide", onPageHide);
    return () => window.removeEventListener("pagehide", onPageHide);
  }, []);
  return {
    draft,
    setDraft,
    sending: (text) => (latest.current.inFlight = text),
    settled: () => (latest.current.inFlight = null),
  };
}
