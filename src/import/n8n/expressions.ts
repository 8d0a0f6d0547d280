/**
 * n8n expressions (`={{ $json.chatInput }}`, `{{ $now }}`, `{{ $fromAI('city') }}`) rewritten to
 * our `{{ path }}` placeholders and CEL where they mean something here. The JavaScript inside is
 * never run: what has no meaning here is kept visibly as `[n8n: …]` (a bare `{{ … }}` would
 * render as nothing) and returned so the report can say which ones were kept.
 */
import { safeText } from "./credentials.js";

/**
 * Source text never names one of our secrets: only the importer writes `{{ secrets.NAME }}`,
 * where the source named a credential, so a stranger's file cannot aim a saved secret at its host.
 */
function noSecretRefs(text: string): string {
  return text.replace(/\{\{(\s*secrets\s*\.)/g, "{ {$1");
}

/** What a field became: its text here, the expressions kept as text, the `$fromAI` arguments it reads. */
export interface Rewritten {
  text: string;
  kept: string[];
  fromAi: Array<{ name: string; description: string; type: string }>;
}

const SEGMENT = /\{\{([\s\S]*?)\}\}/g;
/** The user's chat message, however a node reads it from the chat trigger. */
const INPUT_FIELD = "(?:chatInput|input|message|text|query)";
const INPUT_REFS = [
  new RegExp(`^\\$json\\s*(?:\\.\\s*${INPUT_FIELD}|\\[\\s*['"\`]${INPUT_FIELD}['"\`]\\s*\\])$`),
  new RegExp(`^\\$\\(\\s*['"\`][^'"\`]*['"\`]\\s*\\)\\s*\\.\\s*(?:item|first\\(\\)|last\\(\\)|all\\(\\)\\[0\\])\\s*\\.\\s*json\\s*\\.\\s*${INPUT_FIELD}$`),
  new RegExp(`^\\$input\\s*\\.\\s*(?:item|first\\(\\)|last\\(\\))\\s*\\.\\s*json\\s*\\.\\s*${INPUT_FIELD}$`),
  new RegExp(`^\\$node\\[\\s*['"][^'"]*['"]\\s*\\]\\s*\\.\\s*json\\s*\\.\\s*${INPUT_FIELD}$`),
];
const DATE_REF = /^\$(?:now|today)(?:\s*\.\s*(?:toISO|toISODate|toLocaleString|toFormat)\([^()]*\))?$/;
const FROM_AI = /^\$fromAI\(\s*(['"`])([A-Za-z0-9_-]{1,64})\1\s*(?:,\s*(['"`])([^'"`]*)\3\s*)?(?:,\s*(['"`])(string|number|boolean|json)\5\s*)?[^()]*\)$/;

/** True when an n8n expression reads the chat message. */
export function readsInput(expression: string): boolean {
  const inner = expression.trim();
  return INPUT_REFS.some((re) => re.test(inner));
}

/** The expression inside a field that is one `={{ … }}` and nothing else, or null. */
export function soleExpression(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("=")) return null;
  const match = /^=\s*\{\{([\s\S]*?)\}\}\s*$/.exec(value);
  return match?.[1] === undefined || match[1].includes("{{") ? null : match[1].trim();
}

/**
 * A field as a template of ours. Fields starting with `=` are n8n expressions; others are text.
 * @example rewrite("=Answer {{ $json.chatInput }} on {{ $now }}", "agent").text // "Answer {{ input }} on {{ date }}"
 */
export function rewrite(value: unknown, where: "agent" | "llm" | "tool"): Rewritten {
  const result: Rewritten = { text: "", kept: [], fromAi: [] };
  if (typeof value !== "string") return result;
  if (!value.startsWith("=")) {
    result.text = noSecretRefs(safeText(value));
    return result;
  }
  result.text = value.slice(1).replace(SEGMENT, (whole, inner: string) => {
    const expression = inner.trim();
    if (readsInput(expression)) return where === "tool" ? "{{ args.input }}" : "{{ input }}";
    // Only an agent's system prompt has `date` in scope.
    if (where === "agent" && DATE_REF.test(expression)) return "{{ date }}";
    const ai = where === "tool" ? FROM_AI.exec(expression) : null;
    if (ai?.[2]) {
      result.fromAi.push({ name: ai[2], description: ai[4] ?? "", type: ai[6] ?? "string" });
      return `{{ args.${ai[2]} }}`;
    }
    if (expression === "") return whole;
    const shown = safeText(expression);
    result.kept.push(shown);
    return `[n8n: ${shown}]`;
  });
  result.text = noSecretRefs(safeText(result.text));
  return result;
}

/** A CEL string literal (JSON's escapes are CEL's). */
export const celString = (text: string): string => JSON.stringify(text);

/**
 * A condition operand as CEL: the chat message becomes `input`, a constant a literal. An
 * expression with no meaning here becomes its own text as a literal and `exact` is false.
 * @example celOperand("={{ $json.chatInput }}") // { cel: "input", exact: true }
 */
export function celOperand(value: unknown): { cel: string; exact: boolean } {
  if (typeof value === "number" && Number.isFinite(value)) return { cel: String(value), exact: true };
  if (typeof value === "boolean") return { cel: String(value), exact: true };
  if (typeof value !== "string") return { cel: '""', exact: value === undefined || value === null };
  const sole = soleExpression(value);
  if (sole !== null) return readsInput(sole) ? { cel: "input", exact: true } : { cel: celString(sole), exact: false };
  if (value.startsWith("=")) {
    const rewritten = rewrite(value, "llm");
    return { cel: celString(rewritten.text), exact: rewritten.kept.length === 0 && !rewritten.text.includes("{{") };
  }
  return { cel: celString(value), exact: true };
}
