// A number input committed on blur / Enter; empty means "not set" when the value is optional.
import { useState } from "react";
import { Field } from "./Field";
import { inputClass } from "./styles";
import { useDraft } from "./useDraft";

interface NumberFieldProps {
  label: string;
  value: number | undefined;
  onCommit(value: number | undefined): void;
  min?: number;
  max?: number;
  step?: number;
  /** Empty clears the value instead of being refused. */
  optional?: boolean;
  placeholder?: string;
}

export function NumberField({ label, value, onCommit, min, max, step, optional = false, placeholder }: NumberFieldProps) {
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(value === undefined ? "" : String(value), (text) => {
    const trimmed = text.trim();
    if (trimmed === "" && optional) {
      setError(null);
      onCommit(undefined);
      return true;
    }
    const number = Number(trimmed);
    if (trimmed === "" || !Number.isFinite(number)) {
      setError("Enter a number");
      return false;
    }
    setError(null);
    onCommit(number);
    return true;
  });
  return (
    <Field label={label} error={error}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          placeholder={placeholder}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={inputClass}
          {...draft}
        />
      )}
    </Field>
  );
}
