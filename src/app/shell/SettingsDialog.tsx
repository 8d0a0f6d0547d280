// Settings: provider keys (kept in the secrets store, only ever shown masked) and the
// OpenAI-compatible base URL, and the extra hosts each key may go to. A saved key never comes
// back into the page: its field stays empty and describes the masked form.
import { useEffect, useId, useState, type FormEvent } from "react";
import type { SecretSummary } from "../../persistence/workspace/index.js";
import { useGraphSession } from "../services/GraphSessionProvider";
import { checkBaseUrl, KEY_HOSTS_SETTING, OPENAI_BASE_URL_SETTING, PROVIDER_SECRETS, TOOL_SECRET_PREFIX, type KeyHosts } from "../services/providerSettings";
import { useSecretOrigins } from "./useSecretOrigins";
import { KeyHostsField } from "./KeyHostsField";
import { LangGraphServerFields, type LangGraphServerValue } from "./LangGraphServerFields";
import { LANGGRAPH_SERVER_SECRET, LANGGRAPH_SERVER_URL_SETTING, loadRunTarget } from "../services/runTarget";
import { ToolSecretsField } from "./ToolSecretsField";
import { Dialog } from "./Dialog";
import type { Notify } from "./notify";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton, textInput } from "./styles";
import { errorMessage } from "../../schema/errorMessage.js";

type Provider = keyof typeof PROVIDER_SECRETS;

export function SettingsDialog({ onClose, onSaved }: { onClose: () => void; onSaved: Notify }) {
  const { workspace } = useGraphSession();
  const [secrets, setSecrets] = useState<SecretSummary[] | null>(null);
  const [keys, setKeys] = useState<Record<Provider, string>>({ openai: "", anthropic: "" });
  const [baseUrl, setBaseUrl] = useState("");
  const [hosts, setHosts] = useState<KeyHosts>({});
  const [baseUrlError, setBaseUrlError] = useState<string | null>(null);
  const [server, setServer] = useState<LangGraphServerValue>({ url: "", key: "" });
  const [serverUrlError, setServerUrlError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secretOrigins = useSecretOrigins(workspace.settings, setError);
  const baseUrlId = useId();
  const baseUrlHintId = useId();
  const baseUrlErrorId = useId();

  useEffect(() => {
    let current = true;
    Promise.all([
      workspace.secrets.list(),
      workspace.settings.get<string>(OPENAI_BASE_URL_SETTING, ""),
      workspace.settings.get<KeyHosts>(KEY_HOSTS_SETTING, {}),
      workspace.settings.get<string>(LANGGRAPH_SERVER_URL_SETTING, ""),
    ])
      .then(([list, url, allowed, serverUrl]) => {
        if (!current) return;
        setServer({ url: typeof serverUrl === "string" ? serverUrl : "", key: "" });
        setSecrets(list);
        setBaseUrl(typeof url === "string" ? url : "");
        setHosts(allowed !== null && typeof allowed === "object" ? allowed : {});
      })
      .catch((failure: unknown) => current && setError(`Could not read the settings: ${errorMessage(failure)}`));
    return () => {
      current = false;
    };
  }, [workspace]);

  const masked = (provider: Provider) => secrets?.find((s) => s.name === PROVIDER_SECRETS[provider])?.masked ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const url = checkBaseUrl(baseUrl);
    if (!url.ok) {
      setBaseUrlError(url.message);
      document.getElementById(baseUrlId)?.focus();
      return;
    }
    const serverUrl = checkBaseUrl(server.url, "such as http://127.0.0.1:8123", "The server URL");
    if (!serverUrl.ok) {
      setServerUrlError(serverUrl.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (serverUrl.url) await workspace.settings.set(LANGGRAPH_SERVER_URL_SETTING, serverUrl.url);
      else await workspace.settings.delete(LANGGRAPH_SERVER_URL_SETTING);
      if (server.key.trim()) await workspace.secrets.set(LANGGRAPH_SERVER_SECRET, server.key.trim());
      await loadRunTarget(workspace);
      for (const provider of Object.keys(PROVIDER_SECRETS) as Provider[]) {
        // An empty field keeps the saved key; removing one has its own button.
        if (keys[provider].trim()) await workspace.secrets.set(PROVIDER_SECRETS[provider], keys[provider]);
      }
      if (url.url) await workspace.settings.set(OPENAI_BASE_URL_SETTING, url.url);
      else await workspace.settings.delete(OPENAI_BASE_URL_SETTING);
      await workspace.settings.set(KEY_HOSTS_SETTING, hosts);
      setKeys({ openai: "", anthropic: "" });
      onSaved("Settings saved.");
      onClose();
    } catch (failure) {
      setError(`Could not save the settings: ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  const remove = async (provider: Provider) => {
    try {
      await workspace.secrets.delete(PROVIDER_SECRETS[provider]);
      setSecrets(await workspace.secrets.list());
    } catch (failure) {
      setError(`Could not remove the key: ${errorMessage(failure)}`);
    }
  };

  return (
    <Dialog title="Settings" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Keys stay in this browser and are sent only to their own provider. Graphs and exports never contain them. Templates run without any key on the
          built-in scripted model.
        </p>
        {/* Disabled until the stored values are read: typed before then, they would be overwritten by what was stored. */}
        <fieldset disabled={secrets === null} className="min-w-0 space-y-4">
          <KeyField
            label="OpenAI API key"
            provider="openai"
            masked={masked("openai")}
            value={keys.openai}
            onChange={(v) => setKeys((k) => ({ ...k, openai: v }))}
            onRemove={() => void remove("openai")}
          />
          <KeyHostsField label="OpenAI" hosts={hosts.openai ?? []} onChange={(list) => setHosts((h) => ({ ...h, openai: list }))} />
          <div>
            <label htmlFor={baseUrlId} className={fieldLabel}>
              OpenAI base URL
            </label>
            <input
              id={baseUrlId}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              value={baseUrl}
              placeholder="https://api.openai.com/v1"
              onChange={(event) => {
                setBaseUrl(event.target.value);
                setBaseUrlError(null);
              }}
              aria-invalid={baseUrlError ? true : undefined}
              aria-describedby={baseUrlError ? `${baseUrlHintId} ${baseUrlErrorId}` : baseUrlHintId}
              className={`mt-1 ${textInput}`}
            />
            <p id={baseUrlHintId} className={fieldHint}>
              For any OpenAI-compatible server: Ollama (http://localhost:11434/v1), LM Studio, vLLM, OpenRouter. Empty means OpenAI.
            </p>
            {baseUrlError && (
              <p id={baseUrlErrorId} role="alert" className={errorText}>
                {baseUrlError}
              </p>
            )}
          </div>
          <KeyField
            label="Anthropic API key"
            provider="anthropic"
            masked={masked("anthropic")}
            value={keys.anthropic}
            onChange={(v) => setKeys((k) => ({ ...k, anthropic: v }))}
            onRemove={() => void remove("anthropic")}
          />
          <KeyHostsField label="Anthropic" hosts={hosts.anthropic ?? []} onChange={(list) => setHosts((h) => ({ ...h, anthropic: list }))} />
          <LangGraphServerFields
            value={server}
            onChange={(next) => {
              setServer(next);
              setServerUrlError(null);
            }}
            maskedKey={secrets?.find((s) => s.name === LANGGRAPH_SERVER_SECRET)?.masked ?? null}
            onRemoveKey={() =>
              void workspace.secrets
                .delete(LANGGRAPH_SERVER_SECRET)
                .then(async () => setSecrets(await workspace.secrets.list()))
                .catch((failure: unknown) => setError(`Could not remove the key: ${errorMessage(failure)}`))
            }
            urlError={serverUrlError}
          />
          {secrets && (
            <ToolSecretsField
              secrets={secrets}
              save={async (name, value) => {
                await workspace.secrets.set(name, value);
                setSecrets(await workspace.secrets.list());
              }}
              origins={secretOrigins.origins}
              saveOrigins={secretOrigins.save}
              remove={async (name) => {
                await workspace.secrets.delete(name);
                // A secret saved again later under the same name starts with no origins.
                if (name.startsWith(TOOL_SECRET_PREFIX)) await secretOrigins.save(name.slice(TOOL_SECRET_PREFIX.length), null);
                setSecrets(await workspace.secrets.list());
              }}
            />
          )}
        </fieldset>
        {error && (
          <p role="alert" className={errorText}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={busy || secrets === null}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type KeyFieldProps = {
  label: string;
  provider: Provider;
  masked: string | null;
  value: string;
  onChange: (value: string) => void;
  onRemove: () => void;
};

function KeyField({ label, provider, masked, value, onChange, onRemove }: KeyFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        {/* A text field (so it is a textbox) drawn as dots; never filled from storage. */}
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={value}
          placeholder={masked ? `Saved: ${masked}` : provider === "openai" ? "sk-…" : "sk-ant-…"}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hintId}
          className={`${textInput} font-mono [-webkit-text-security:disc]`}
        />
        {masked && (
          <button type="button" className={secondaryButton} onClick={onRemove} aria-label={`Remove ${label}`}>
            Remove
          </button>
        )}
      </div>
      <p id={hintId} className={fieldHint}>
        {masked ? `A key is saved (${masked}). Type a new one to replace it, or leave the field empty to keep it.` : "No key saved."}
      </p>
    </div>
  );
}
