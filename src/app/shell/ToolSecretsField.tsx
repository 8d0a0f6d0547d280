// Tool secrets: named values HTTP tools (and MCP servers) read as `{{ secrets.NAME }}` in their
// headers and query values. Saved at once in the secrets store, listed by name and masked form
// only, each removable; a value never comes back into the page.
import { useId, useState } from "react";
import type { SecretSummary } from "../../persistence/workspace/index.js";
import { TOOL_SECRET_PREFIX, toolSecretName } from "../services/providerSettings";
import { errorText, fieldHint, fieldLabel, secondaryButton, textInput } from "./styles";

/** What a secret's name may be: the NAME of `{{ secrets.NAME }}`. */
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Props = {
  /** Every saved secret (provider keys too); only tool secrets are shown here. */
  secrets: readonly SecretSummary[];
  save(name: string, value: string): Promise<void>;
  remove(name: string): Promise<void>;
};

export function ToolSecretsField({ secrets, save, remove }: Props) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const valueId = useId();
  const hintId = useId();
  const problemId = useId();
  const tools = secrets.filter((s) => s.name.startsWith(TOOL_SECRET_PREFIX)).map((s) => ({ ...s, name: s.name.slice(TOOL_SECRET_PREFIX.length) }));

  const add = async () => {
    const trimmed = name.trim();
    if (!SECRET_NAME.test(trimmed)) {
      setProblem("A secret's name is letters, digits and underscores, not starting with a digit, as in {{ secrets.WEATHER_TOKEN }}.");
      return;
    }
    if (!value.trim()) {
      setProblem(`Type the value of ${trimmed}.`);
      return;
    }
    try {
      await save(toolSecretName(trimmed), value);
      setName("");
      setValue("");
      setProblem(null);
    } catch (failure) {
      setProblem(`Could not save ${trimmed}: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  };

  return (
    <fieldset className="space-y-1">
      <legend className={fieldLabel}>Tool secrets</legend>
      <p id={hintId} className={fieldHint}>
        HTTP tools read these as {"{{ secrets.NAME }}"} in headers and query values. They stay in this browser and never enter graphs or exports.
      </p>
      <div className="flex gap-2">
        <label htmlFor={nameId} className="sr-only">
          Secret name
        </label>
        <input
          id={nameId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={name}
          placeholder="WEATHER_TOKEN"
          onChange={(event) => (setName(event.target.value), setProblem(null))}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
          className={`${textInput} font-mono`}
        />
        <label htmlFor={valueId} className="sr-only">
          Secret value
        </label>
        <input
          id={valueId}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder="value"
          onChange={(event) => (setValue(event.target.value), setProblem(null))}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void add();
          }}
          className={`${textInput} font-mono [-webkit-text-security:disc]`}
        />
        <button type="button" className={secondaryButton} onClick={() => void add()}>
          Add secret
        </button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className={errorText}>
          {problem}
        </p>
      )}
      <ul aria-label="Tool secrets" className="space-y-1">
        {tools.map((secret) => (
          <li key={secret.name} className="flex items-center justify-between gap-2 text-sm">
            <span className="font-mono">
              {secret.name} <span className="text-zinc-500">{secret.masked}</span>
            </span>
            <button
              type="button"
              className={secondaryButton}
              onClick={() => void remove(toolSecretName(secret.name))}
              aria-label={`Remove secret ${secret.name}`}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
