// The Templates dialog: each template is a button named by its title; choosing one opens a
// copy of it as a new graph, and the graph that was open stays in the workspace.
import { useId, useState } from "react";
import { useGraphSession } from "../services/GraphSessionProvider";
import { templates, type Template } from "../templates/catalog";
import { openTemplate } from "./graphActions";
import { Dialog } from "./Dialog";
import { errorText } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

export function TemplatesDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (message: string) => void }) {
  const session = useGraphSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const choose = async (template: Template) => {
    setBusy(true);
    try {
      onOpened(await openTemplate(session, template));
      onClose();
    } catch (failure) {
      setError(`Could not open "${template.title}": ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Templates" onClose={onClose} width="max-w-2xl">
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
        Each template opens as a new graph that runs offline on the built-in scripted model. The graph you have open now stays in your workspace.
      </p>
      {error && (
        <p role="alert" className={errorText}>
          {error}
        </p>
      )}
      <ul className="grid gap-3">
        {templates.map((template) => (
          <TemplateItem key={template.id} template={template} disabled={busy} onChoose={() => void choose(template)} />
        ))}
      </ul>
    </Dialog>
  );
}

function TemplateItem({ template, disabled, onChoose }: { template: Template; disabled: boolean; onChoose: () => void }) {
  const descriptionId = useId();
  const examples = template.showcase.map((s) => s.message);
  return (
    <li className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
      <button
        type="button"
        onClick={onChoose}
        disabled={disabled}
        aria-describedby={descriptionId}
        className="text-left text-sm font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-50 dark:text-indigo-300"
      >
        {template.title}
      </button>
      <div id={descriptionId}>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{template.description}</p>
        <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
          Try:{" "}
          {examples.map((m, i) => (
            <span key={m}>
              {i > 0 && " · "}
              <q>{m}</q>
            </span>
          ))}
        </p>
      </div>
    </li>
  );
}
