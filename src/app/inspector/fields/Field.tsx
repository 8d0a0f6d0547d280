// A labelled control with an optional hint and error below it.
import { useId, type ReactNode } from "react";
import { errorClass, hintClass, labelClass } from "./styles";

export interface FieldIds {
  id: string;
  describedBy: string | undefined;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  children: (ids: FieldIds) => ReactNode;
}

export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, describedBy })}
      {error && (
        <p id={errorId} role="alert" className={errorClass}>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className={hintClass}>
          {hint}
        </div>
      )}
    </div>
  );
}
