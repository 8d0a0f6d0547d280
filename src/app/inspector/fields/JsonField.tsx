// JSON in the code editor: lint markers from our own JSON checks as you type; committed on blur
// (or Ctrl/Cmd+Enter) only when it parses and passes `check`; otherwise an inline error shows and
// the document keeps its previous value.
import { useMemo, useState } from "react";
import { LazyCodeEditor } from "../../editors/LazyCodeEditor";
import { Field } from "./Field";
import { useDraftText } from "./useDraft";
import { errorMessage } from "../../../schema/errorMessage.js";

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

/** `check`'s problem with text that parses, or null. */
function shapeProblem(text: string, check: JsonFieldProps["check"]): string | null {
  if (!check) return null;
  try {
    return check(JSON.parse(text));
  } catch {
    return null;
  }
}

export function JsonField({ label, value, onCommit, check, optional = false, rows = 4, hint }: JsonFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const draft = useDraftText(format(value), (text) => {
    if (text.trim() === "" && optional) {
      setError(null);
      onCommit(undefined);
      return true;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (cause) {
      setError(`Invalid JSON: ${errorMessage(cause)}`);
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
  });
  const text = draft.value;
  const shape = useMemo(() => shapeProblem(text, check), [text, check]);
  return (
    <Field label={label} error={error} hint={hint}>
      {({ id, describedBy }) => (
        <LazyCodeEditor
          id={id}
          label={label}
          language="json"
          multiline
          rows={rows}
          value={text}
          onChange={draft.setText}
          onBlur={draft.finish}
          onCommit={draft.finish}
          onEscape={() => {
            setError(null);
            return draft.discard();
          }}
          describedBy={describedBy}
          invalid={error !== null}
          check={{ kind: "json", shapeProblem: shape, optional }}
        />
      )}
    </Field>
  );
}

/** `check` for JSON objects (tool args, schemas, configs). */
export function mustBeObject(value: unknown): string | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? null : "Must be a JSON object";
}
