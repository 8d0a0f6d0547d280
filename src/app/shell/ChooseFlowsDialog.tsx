// The flow picker: a file of several flows (a Flowise "export all") lists them with a checkbox
// each; every flow chosen becomes its own new graph.
import { useState, type FormEvent } from "react";
import { FORMAT_LABELS, type ForeignFormat } from "../../import/report.js";
import { Dialog } from "./Dialog";
import { primaryButton, secondaryButton } from "./styles";

/** A file of several flows waiting for a choice. */
export interface FlowChoice {
  /** The file name, or "The pasted text". */
  source: string;
  text: string;
  format: ForeignFormat;
  flows: string[];
}

export function ChooseFlowsDialog({ choice, onImport, onClose }: { choice: FlowChoice; onImport: (flows: string[]) => void; onClose: () => void }) {
  // Names are listed once each: importing by name takes the first flow of a repeated name.
  const names = [...new Set(choice.flows)];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(names));
  const toggle = (name: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onImport(names.filter((name) => chosen.has(name)));
  };
  return (
    <Dialog title="Choose flows to import" onClose={onClose}>
      <form onSubmit={submit}>
        <p className="text-sm">
          <strong>{choice.source}</strong> holds {names.length} {FORMAT_LABELS[choice.format]} flows. Each one you choose becomes a new graph.
        </p>
        <fieldset className="mt-3">
          <legend className="sr-only">Flows</legend>
          <ul className="space-y-1">
            {names.map((name) => (
              <li key={name}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={chosen.has(name)} onChange={(event) => toggle(name, event.target.checked)} />
                  {name}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={chosen.size === 0}>
            Import {chosen.size === 1 ? "1 flow" : `${chosen.size} flows`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
