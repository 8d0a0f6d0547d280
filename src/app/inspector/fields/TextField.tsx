// A text input or textarea committed on blur / Enter (see useDraft).
import type { ReactNode } from "react";
import { Field } from "./Field";
import { inputClass } from "./styles";
import { useDraft } from "./useDraft";

interface TextFieldProps {
  label: string;
  value: string;
  onCommit(text: string): void;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  mono?: boolean;
  /** Options offered while typing (a datalist), e.g. state channels. */
  suggestions?: readonly string[];
  /** Help under the field, computed from the text being typed (e.g. the placeholders a prompt uses). */
  hint?: ReactNode | ((text: string) => ReactNode);
}

export function TextField({ label, value, onCommit, multiline = false, rows = 4, placeholder, mono = false, suggestions, hint }: TextFieldProps) {
  const draft = useDraft(value, onCommit, multiline);
  const shownHint = typeof hint === "function" ? hint(draft.value) : hint;
  const className = `${inputClass} ${mono ? "font-mono text-xs" : ""}`;
  return (
    <Field label={label} hint={shownHint}>
      {({ id, describedBy }) =>
        multiline ? (
          <textarea id={id} aria-describedby={describedBy} rows={rows} placeholder={placeholder} className={className} {...draft} />
        ) : (
          <>
            <input
              id={id}
              type="text"
              aria-describedby={describedBy}
              placeholder={placeholder}
              className={className}
              list={suggestions ? `${id}-list` : undefined}
              {...draft}
            />
            {suggestions && (
              <datalist id={`${id}-list`}>
                {suggestions.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            )}
          </>
        )
      }
    </Field>
  );
}
