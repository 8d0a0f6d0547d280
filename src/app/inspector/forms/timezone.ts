/** IANA time zones for the agent form: suggestions and a check the browser's Intl performs. */

/** True when `zone` is an IANA time zone this runtime knows (what the engine's date injection needs). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let zones: readonly string[] | undefined;
/** Every zone the runtime lists (empty where Intl.supportedValuesOf is missing). */
export function timeZoneSuggestions(): readonly string[] {
  zones ??= typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones;
}

/**
 * What the Timezone field stores for typed text: undefined (the UTC default) for blank text,
 * the zone when known, null when the text is not a zone (nothing is stored).
 * @example timeZoneValue(" Europe/Paris ") // "Europe/Paris"
 */
export function timeZoneValue(text: string): string | undefined | null {
  const zone = text.trim();
  if (!zone) return undefined;
  return isTimeZone(zone) ? zone : null;
}
