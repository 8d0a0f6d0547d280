// JSON in a textarea: committed on blur only when it parses (and passes `check`); otherwise an
// inline error shows and the document keeps its previous value.
import { useState } from "react";
import { Field } from "./Field";
import { inputClass } from "./styles";
import { useDraft } from "./useDraft";

interface JsonFieldProps {
  label: string;
  value: unknown;
  onCommit(value: unknown): void;
  /** Extra shape check on parsed JSON; returns an error message or null. */
  check?: (value: unknown) => string | null;
  /** Empty text commits `undefined` (an optional value) instead of being an error. */
  optional?: boolean;
  rows?: number;
  hint?: string;
}

function format(value: unknown): string {
  return value === undefined ? "" : JSON.stringify(value, null, 2);
}

export function JsonField({ label, value, onCommit, check, optional = false, rows = 4, hint }: JsonFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(
    format(value),
    (text) => {
      if (text.trim() === "" && optional) {
        setError(null);
        onCommit(undefined);
        return true;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (cause) {
        setError(`Invalid JSON: ${cause instanceof Error ? cause.message : String(cause)}`);
        return false;
      }
      const problem = check?.(parsed) ?? null;
      if (problem) {
        setError(problem);
        return false;
      }
      setError(null);
      onCommit(parsed);
      return true;
    },
    true,
  );
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          rows={rows}
          spellCheck={false}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${inputClass} font-mono text-xs`}
          {...draft}
          onKeyDown={(event) => {
            if (event.key === "Escape") setError(null);
            draft.onKeyDown(event);
          }}
        />
      )}
    </Field>
  );
}

/** `check` for JSON objects (tool args, schemas, configs). */
export function mustBeObject(value: unknown): string | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? null : "Must be a JSON object";
}
