// Tool secrets: named values HTTP tools (and MCP servers) read as `{{ secrets.NAME }}` in their
// headers and query values. Saved at once in the secrets store, listed by name and masked form
// only, each removable; a value never comes back into the page. Each is bound to the origins it
// may be sent to (set when saved, editable here); a run asks before sending it anywhere else.
import { useId, useState, type InputHTMLAttributes } from "react";
import type { SecretSummary } from "../../persistence/workspace/index.js";
import { checkOrigins, TOOL_SECRET_PREFIX, toolSecretName, type SecretOrigins } from "../services/providerSettings";
import { errorText, fieldHint, fieldLabel, secondaryButton, textInput } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

/** What a secret's name may be: the NAME of `{{ secrets.NAME }}`. */
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

type Props = {
  /** Every saved secret (provider keys too); only tool secrets are shown here. */
  secrets: readonly SecretSummary[];
  /** The origins each tool secret (by its NAME) may be sent to. */
  origins: SecretOrigins;
  save(name: string, value: string): Promise<void>;
  /** Replaces the origins of the tool secret NAME. */
  saveOrigins(name: string, origins: string[]): Promise<void>;
  remove(name: string): Promise<void>;
};

type SecretInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type" | "onChange" | "onKeyDown"> & {
  /** The field's name for screen readers, as a hidden label; without it, pass `aria-label`. */
  label?: string;
  value: string;
  onValue(value: string): void;
  /** Run on Enter (instead of submitting anything). */
  onEnter?(): void;
};

/** A one-line field of this form: names, values and origins are typed exactly, so no autocomplete or spell-check, in monospace. */
function SecretInput({ label, onValue, onEnter, className, ...rest }: SecretInputProps) {
  const id = useId();
  const input = (
    <input
      {...rest}
      id={label ? id : undefined}
      type="text"
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onValue(event.target.value)}
      onKeyDown={
        onEnter &&
        ((event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          onEnter();
        })
      }
      className={[textInput, "font-mono", className].filter(Boolean).join(" ")}
    />
  );
  if (!label) return input;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {input}
    </>
  );
}

/** A field's problem, announced when it appears. */
function Problem({ id, problem }: { id: string; problem: string | null }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className={errorText}>
      {problem}
    </p>
  );
}

/** One saved secret: its masked value, the origins it may go to (editable), and Remove. */
function SavedSecret({ secret, origins, saveOrigins, remove }: { secret: SecretSummary; origins: string[] } & Pick<Props, "saveOrigins" | "remove">) {
  const [draft, setDraft] = useState(origins.join(", "));
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const saveDraft = async () => {
    const checked = checkOrigins(draft);
    if (!checked.ok) return setProblem(checked.message);
    try {
      await saveOrigins(secret.name, checked.origins);
      setDraft(checked.origins.join(", "));
      setProblem(null);
    } catch (failure) {
      setProblem(`Could not save the origins of ${secret.name}: ${errorMessage(failure)}`);
    }
  };
  return (
    <li className="space-y-1 text-sm">
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono">
          {secret.name} <span className="text-zinc-500">{secret.masked}</span>
        </span>
        <button type="button" className={secondaryButton} onClick={() => void remove(toolSecretName(secret.name))} aria-label={`Remove secret ${secret.name}`}>
          Remove
        </button>
      </div>
      <div className="flex gap-2">
        <SecretInput
          aria-label={`Origins allowed for ${secret.name}`}
          value={draft}
          placeholder="none yet: the first use asks"
          onValue={(next) => (setDraft(next), setProblem(null))}
          onEnter={() => void saveDraft()}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
          className="text-xs"
        />
        <button type="button" className={secondaryButton} onClick={() => void saveDraft()}>
          Set origins for {secret.name}
        </button>
      </div>
      <Problem id={problemId} problem={problem} />
    </li>
  );
}

export function ToolSecretsField({ secrets, origins, save, saveOrigins, remove }: Props) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [allowed, setAllowed] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
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
    const checked = checkOrigins(allowed);
    if (!checked.ok) {
      setProblem(`Origins of ${trimmed}: ${checked.message}`);
      return;
    }
    try {
      await save(toolSecretName(trimmed), value);
      await saveOrigins(trimmed, checked.origins);
      setName("");
      setValue("");
      setAllowed("");
      setProblem(null);
    } catch (failure) {
      setProblem(`Could not save ${trimmed}: ${errorMessage(failure)}`);
    }
  };

  return (
    <fieldset className="space-y-1">
      <legend className={fieldLabel}>Tool secrets</legend>
      <p id={hintId} className={fieldHint}>
        HTTP tools and MCP servers read these as {"{{ secrets.NAME }}"} in headers and query values. They stay in this browser and never enter graphs or
        exports. Each goes only to the origins listed for it (such as https://api.github.com); a run asks before sending it anywhere else.
      </p>
      <div className="flex gap-2">
        <SecretInput
          label="Secret name"
          value={name}
          placeholder="WEATHER_TOKEN"
          onValue={(next) => (setName(next), setProblem(null))}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          aria-invalid={problem ? true : undefined}
        />
        <SecretInput
          label="Secret value"
          value={value}
          placeholder="value"
          onValue={(next) => (setValue(next), setProblem(null))}
          onEnter={() => void add()}
          className="[-webkit-text-security:disc]"
        />
        <SecretInput label="Secret origins" value={allowed} placeholder="https://api.github.com" onValue={(next) => (setAllowed(next), setProblem(null))} />
        <button type="button" className={secondaryButton} onClick={() => void add()}>
          Add secret
        </button>
      </div>
      <Problem id={problemId} problem={problem} />
      <ul aria-label="Tool secrets" className="space-y-1">
        {/* Keyed by the stored origins too, so the field shows them again after a save or an Always allow. */}
        {tools.map((secret) => (
          <SavedSecret
            key={`${secret.name} ${(origins[secret.name] ?? []).join(",")}`}
            secret={secret}
            origins={origins[secret.name] ?? []}
            saveOrigins={saveOrigins}
            remove={remove}
          />
        ))}
      </ul>
    </fieldset>
  );
}
