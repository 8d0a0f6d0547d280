/**
 * Text being typed in an inspector field, committed to the store on blur or Enter (Ctrl+Enter
 * in multi-line fields) — one undo step per edit, not per keystroke. Escape discards the draft.
 */
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";

type TextElement = HTMLInputElement | HTMLTextAreaElement;

export interface Draft {
  value: string;
  onChange(event: ChangeEvent<TextElement>): void;
  onBlur(): void;
  onKeyDown(event: KeyboardEvent<TextElement>): void;
}

/** The same draft as plain text operations, for editors that are not form elements (the code editor). */
export interface DraftText {
  value: string;
  setText(text: string): void;
  /** Commits the draft, unless `commit` refuses it (then the draft stays). */
  finish(): void;
  /** Drops the draft; whether there was one. */
  discard(): boolean;
}

/**
 * @param commit receives the new text; returns false to keep the draft (e.g. JSON that does not parse).
 */
export function useDraftText(value: string, commit: (text: string) => boolean | void): DraftText {
  const [draft, setDraft] = useState<string | null>(null);
  // What was typed last, for a blur or Enter that comes before React renders the change (a code
  // editor reports its text outside React's events): the draft of the last render may be stale.
  const typed = useRef<string | null>(null);
  const set = (text: string | null) => {
    typed.current = text;
    setDraft(text);
  };
  return {
    value: draft ?? value,
    setText: set,
    finish: () => {
      const text = typed.current;
      if (text === null) return;
      if (text !== value && commit(text) === false) return;
      set(null);
    },
    discard: () => {
      if (typed.current === null) return false;
      set(null);
      return true;
    },
  };
}

/**
 * @param commit receives the new text; returns false to keep the draft (e.g. JSON that does not parse).
 */
export function useDraft(value: string, commit: (text: string) => boolean | void, multiline = false): Draft {
  const text = useDraftText(value, commit);
  return {
    value: text.value,
    onChange: (event) => text.setText(event.target.value),
    onBlur: text.finish,
    onKeyDown: (event) => {
      if (event.key === "Escape" && text.discard()) {
        event.preventDefault();
      } else if (event.key === "Enter" && (!multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        text.finish();
      }
    },
  };
}
