// Settings for a LangGraph server: its URL (runs, Publish to server) and an optional API key,
// kept in the secrets store like provider keys and sent only to that server.
import { useId } from "react";
import { errorText, fieldHint, fieldLabel, secondaryButton, textInput } from "./styles";

export interface LangGraphServerValue {
  url: string;
  /** A new key to save; empty keeps the saved one. */
  key: string;
}

type Props = {
  value: LangGraphServerValue;
  onChange(value: LangGraphServerValue): void;
  /** The saved key, masked, or null. */
  maskedKey: string | null;
  onRemoveKey(): void;
  urlError: string | null;
};

export function LangGraphServerFields({ value, onChange, maskedKey, onRemoveKey, urlError }: Props) {
  const urlId = useId();
  const urlHintId = useId();
  const urlErrorId = useId();
  const keyId = useId();
  const keyHintId = useId();
  return (
    <fieldset className="space-y-3 rounded border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">LangGraph server</legend>
      <div>
        <label htmlFor={urlId} className={fieldLabel}>
          LangGraph server URL
        </label>
        <input
          id={urlId}
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={value.url}
          placeholder="http://127.0.0.1:8123"
          onChange={(event) => onChange({ ...value, url: event.target.value })}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${urlHintId} ${urlErrorId}` : urlHintId}
          className={`mt-1 ${textInput}`}
        />
        <p id={urlHintId} className={fieldHint}>
          A Graphwright runtime server (npm run cli -- serve) or any LangGraph server. The playground can run on it (Run on) and Publish to server sends the
          open graph there. Empty means runs stay in this browser.
        </p>
        {urlError && (
          <p id={urlErrorId} role="alert" className={errorText}>
            {urlError}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={keyId} className={fieldLabel}>
          LangGraph API key
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={keyId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={value.key}
            placeholder={maskedKey ? `Saved: ${maskedKey}` : "Optional"}
            onChange={(event) => onChange({ ...value, key: event.target.value })}
            aria-describedby={keyHintId}
            className={`${textInput} font-mono [-webkit-text-security:disc]`}
          />
          {maskedKey && (
            <button type="button" className={secondaryButton} onClick={onRemoveKey} aria-label="Remove LangGraph API key">
              Remove
            </button>
          )}
        </div>
        <p id={keyHintId} className={fieldHint}>
          {maskedKey ? `A key is saved (${maskedKey}); it is sent only to this server as x-api-key.` : "Sent only to this server, as x-api-key."}
        </p>
      </div>
    </fieldset>
  );
}
