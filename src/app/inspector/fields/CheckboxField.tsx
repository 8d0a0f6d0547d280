// A labelled checkbox; changes commit at once.
import { useId } from "react";

export function CheckboxField({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(checked: boolean): void; hint?: string }) {
  const id = useId();
  return (
    <div className="mb-2 flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
