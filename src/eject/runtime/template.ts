/** The generated project's `{{ path }}` renderer and system prompt helper (src/template.ts). */
export const TEMPLATE_SOURCE = `/** \`{{ path }}\` placeholders in prompts, tool results and scripted replies: a missing value renders as "". */
const PLACEHOLDER = /\\{\\{\\s*([A-Za-z_$][\\w$]*(?:\\.[\\w$-]+)*)\\s*\\}\\}/g;
const WHOLE_PLACEHOLDER = /^\\{\\{\\s*([A-Za-z_$][\\w$]*(?:\\.[\\w$-]+)*)\\s*\\}\\}$/;

/** Reads a dotted path through own properties only, so a template never reaches a prototype. */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const key of path.split(".")) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function display(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** Fills the placeholders from \`scope\`; \`escape\` encodes each filled value (\`encodeURIComponent\` in a URL), not the template's own text. */
export function render(template: string, scope: Record<string, unknown>, escape: (value: string) => string = (value) => value): string {
  return template.replace(PLACEHOLDER, (_, path: string) => escape(display(readPath(scope, path))));
}

/** Renders every string of a JSON value; a string that is one placeholder keeps the value's type. */
export function renderValue(value: unknown, scope: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    const whole = WHOLE_PLACEHOLDER.exec(value);
    return whole?.[1] ? readPath(scope, whole[1]) : render(value, scope);
  }
  if (Array.isArray(value)) return value.map((item) => renderValue(item, scope));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renderValue(item, scope)]));
  return value;
}

/** A date and time as agents read it: \`2026-03-14 09:30:00 (Saturday, UTC)\`. */
export function formatDateTime(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
    weekday: "long",
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return \`\${part("year")}-\${part("month")}-\${part("day")} \${part("hour")}:\${part("minute")}:\${part("second")} (\${part("weekday")}, \${timeZone})\`;
}

/** The block a sub-agent's prompt starts with when it works under a supervisor through a handoff. */
export function supervisorBlock(supervisor: string, prompt: string): string {
  return [
    "SUPERVISOR SYSTEM PROMPT:",
    \`Remember, you are a specialized agent working under \${supervisor}.\`,
    "Stay focused on your role. Use \`request_help\` if uncertain.",
    "",
    "SUBAGENT SYSTEM PROMPT:",
    prompt,
  ].join("\\n");
}

/**
 * An agent's system prompt: its template filled from \`{ state, input, agent, date }\`, under its
 * supervisor's block for a handoff sub-agent, then the current date unless it already says it.
 */
export function systemPrompt(
  template: string,
  scope: { state: Record<string, unknown>; input: string; agent: string },
  now: Date,
  timeZone = "UTC",
  supervisor?: string,
): string {
  const date = formatDateTime(now, timeZone);
  let prompt = render(template, { ...scope, date });
  if (supervisor) prompt = supervisorBlock(supervisor, prompt);
  return prompt.includes(date.slice(0, 10)) ? prompt : \`\${prompt}\${prompt ? "\\n\\n" : ""}Current date: \${date}\`;
}
`;
