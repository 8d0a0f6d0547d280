/**
 * `{{ path }}` placeholders for prompts and tool arguments. Paths read own
 * properties only (`state.user.name`, `results.lookup.0`), so a template can never
 * reach prototypes; a missing value renders as an empty string.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}/g;

/** Reads a dotted path through own properties of objects and arrays. */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object") return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function display(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/**
 * Fills `{{ path }}` placeholders from a context object; `escape` encodes each filled value
 * (e.g. `encodeURIComponent` for a URL) and leaves the template's own text as written.
 * @example renderTemplate("Hello {{ state.user }}", { state: { user: "Ada" } }) // "Hello Ada"
 * @example renderTemplate("/users/{{ args.name }}", { args: { name: "a b" } }, encodeURIComponent) // "/users/a%20b"
 */
export function renderTemplate(template: string, context: Record<string, unknown>, escape?: (value: string) => string): string {
  if (!template.includes("{{")) return template;
  return template.replace(PLACEHOLDER, (_, path: string) => {
    const value = display(readPath(context, path));
    return escape ? escape(value) : value;
  });
}

/** True when the template contains at least one placeholder. */
export function hasPlaceholders(template: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  const found = PLACEHOLDER.test(template);
  PLACEHOLDER.lastIndex = 0;
  return found;
}

/**
 * Renders every string inside a JSON value. A string that is exactly one
 * placeholder keeps the value's type (`"{{ state.count }}"` → 3, not "3").
 * @example renderValue({ n: "{{ state.count }}", note: "count {{ state.count }}" }, { state: { count: 3 } }) // { n: 3, note: "count 3" }
 */
export function renderValue(value: unknown, context: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = /^\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}$/.exec(value);
    if (whole?.[1]) return readPath(context, whole[1]);
    return renderTemplate(value, context);
  }
  if (Array.isArray(value)) return value.map((v) => renderValue(v, context));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderValue(v, context)]));
  }
  return value;
}
