// A named group of checkboxes choosing a subset of options (an agent's tools); order follows the options.
import type { Option } from "./SelectField";

interface CheckboxGroupProps {
  legend: string;
  options: readonly Option[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  empty?: string;
}

export function CheckboxGroup({ legend, options, selected, onChange, empty = "Nothing to choose from" }: CheckboxGroupProps) {
  const chosen = new Set(selected);
  // Chosen values without an option (a tool removed from the catalog) stay listed so they can be unticked.
  const all = [...options, ...selected.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: `${v} (missing)` }))];
  const toggle = (value: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(value);
    else next.delete(value);
    onChange(all.map((o) => o.value).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="mb-2">
      <legend className="mb-0.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">{legend}</legend>
      {all.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">{empty}</p>}
      {all.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={chosen.has(option.value)} onChange={(event) => toggle(option.value, event.target.checked)} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
