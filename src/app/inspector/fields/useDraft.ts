/**
 * Text being typed in an inspector field, committed to the store on blur or Enter (Ctrl+Enter
 * in multi-line fields) — one undo step per edit, not per keystroke. Escape discards the draft.
 */
import { useState, type ChangeEvent, type KeyboardEvent } from "react";

type TextElement = HTMLInputElement | HTMLTextAreaElement;

export interface Draft {
  value: string;
  onChange(event: ChangeEvent<TextElement>): void;
  onBlur(): void;
  onKeyDown(event: KeyboardEvent<TextElement>): void;
}

/**
 * @param commit receives the new text; returns false to keep the draft (e.g. JSON that does not parse).
 */
export function useDraft(value: string, commit: (text: string) => boolean | void, multiline = false): Draft {
  const [draft, setDraft] = useState<string | null>(null);
  const finish = () => {
    if (draft === null) return;
    if (draft !== value && commit(draft) === false) return;
    setDraft(null);
  };
  return {
    value: draft ?? value,
    onChange: (event) => setDraft(event.target.value),
    onBlur: finish,
    onKeyDown: (event) => {
      if (event.key === "Escape" && draft !== null) {
        event.preventDefault();
        setDraft(null);
      } else if (event.key === "Enter" && (!multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        finish();
      }
    },
  };
}
