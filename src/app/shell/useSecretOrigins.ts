// The origins each tool secret may be sent to, as Settings shows and edits them. The stored
// setting is read again before each write, so an origin a run's Always allow added meanwhile stays.
import { useEffect, useState } from "react";
import type { SettingsStore } from "../../persistence/workspace/index.js";
import { readSecretOrigins, TOOL_SECRET_ORIGINS_SETTING, type SecretOrigins } from "../services/providerSettings";
import { errorMessage } from "../../schema/errorMessage.js";

export function useSecretOrigins(settings: SettingsStore, onError: (message: string) => void) {
  const [origins, setOrigins] = useState<SecretOrigins>({});
  useEffect(() => {
    let current = true;
    settings
      .get<unknown>(TOOL_SECRET_ORIGINS_SETTING, null)
      .then((raw) => current && setOrigins(readSecretOrigins(raw)))
      .catch((failure: unknown) => current && onError(`Could not read the origins of tool secrets: ${errorMessage(failure)}`));
    return () => {
      current = false;
    };
  }, [settings, onError]);

  /** Replaces one secret's origins; `null` drops its entry (the secret was removed). */
  const save = async (name: string, list: string[] | null) => {
    const { [name]: _previous, ...others } = readSecretOrigins(await settings.get<unknown>(TOOL_SECRET_ORIGINS_SETTING, null));
    const next = list === null ? others : { ...others, [name]: list };
    await settings.set(TOOL_SECRET_ORIGINS_SETTING, next);
    setOrigins(next);
  };
  return { origins, save };
}
