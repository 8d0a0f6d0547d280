// A labelled select; changes commit at once (one undo step per choice).
import { Field } from "./Field";
import { inputClass } from "./styles";

export interface Option {
  value: string;
  label: string;
}

interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly Option[];
  onChange(value: string): void;
  hint?: string;
}

export function SelectField({ label, value, options, onChange, hint }: SelectFieldProps) {
  // A value the options lack (a deleted model profile) stays visible rather than silently changing.
  const shown = options.some((o) => o.value === value) ? options : [...options, { value, label: value ? `${value} (missing)` : "(none)" }];
  return (
    <Field label={label} hint={hint}>
      {({ id, describedBy }) => (
        <select id={id} aria-describedby={describedBy} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
