// The extra hosts one provider key may be sent to, besides its own endpoint: listed, each
// removable, and one added at a time by typing it (as the error that asked for it wrote it).
import { useId, useState } from "react";
import { checkHost, hostLabel } from "../services/providerSettings";
import { errorText, fieldHint, fieldLabel, secondaryButton, textInput } from "./styles";

type Props = {
  /** "OpenAI", "Anthropic". */
  label: string;
  hosts: readonly string[];
  onChange: (hosts: string[]) => void;
};

export function KeyHostsField({ label, hosts, onChange }: Props) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const problemId = useId();

  const allow = () => {
    const checked = checkHost(draft);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    if (!hosts.includes(checked.origin)) onChange([...hosts, checked.origin]);
    setDraft("");
    setProblem(null);
  };

  return (
    <div>
      <label htmlFor={inputId} className={fieldLabel}>
        Allow a host for the {label} key
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          placeholder="http://127.0.0.1:8080"
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            allow();
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          className={textInput}
        />
        <button type="button" className={secondaryButton} onClick={allow} aria-label={`Allow host for the ${label} key`}>
          Allow
        </button>
      </div>
      <p id={hintId} className={fieldHint}>
        The key goes only to the host it is saved for and to the hosts listed here. Add one only if you trust it with the key.
      </p>
      {problem && (
        <p id={problemId} role="alert" className={errorText}>
          {problem}
        </p>
      )}
      <ul aria-label={`Hosts allowed for the ${label} key`} className="mt-1 space-y-1">
        {hosts.map((origin) => (
          <li key={origin} className="flex items-center justify-between gap-2 text-sm">
            <span className="font-mono">{hostLabel(origin)}</span>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => onChange(hosts.filter((h) => h !== origin))}
              aria-label={`Remove ${hostLabel(origin)} from the ${label} key's hosts`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
