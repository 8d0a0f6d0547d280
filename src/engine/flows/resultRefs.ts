/**
 * A plan's args may reference results of earlier actions (`{{ results.a1.id }}`, seed 001);
 * Execute fills those in when the action runs. Code that renders templates earlier — the
 * scripted model rendering a scripted plan — protects them so they survive until then.
 */
const RESULT_REF = /\{\{(\s*results\.[^{}]*?)\}\}/g;
const PROTECTED = /\uE000RESULT_REF\uE001([^\uE000]*)\uE000/g;

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, change));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}

/**
 * Hides `{{ results.… }}` placeholders from a template renderer.
 * @example restoreResultRefs(renderValue(protectResultRefs(args), scope)) // { event: "{{results.a1.id}}" } kept
 */
export function protectResultRefs<T>(value: T): T {
  return mapStrings(value, (text) => text.replace(RESULT_REF, (_, inner: string) => `\uE000RESULT_REF\uE001${inner}\uE000`)) as T;
}

/**
 * Puts back the placeholders `protectResultRefs` hid.
 * @example restoreResultRefs(protectResultRefs("{{ results.a1.id }}")) // "{{ results.a1.id }}"
 */
export function restoreResultRefs<T>(value: T): T {
  return mapStrings(value, (text) => text.replace(PROTECTED, (_, inner: string) => `{{${inner}}}`)) as T;
}
