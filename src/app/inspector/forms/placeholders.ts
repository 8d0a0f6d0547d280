/** The `{{ path }}` placeholders a prompt template uses (same syntax as the engine's renderTemplate). */
const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w$]*(?:\.[\w$-]+)*)\s*\}\}/g;

/**
 * Distinct placeholder paths, in order of first use.
 * @example placeholdersIn("Hi {{ state.user }}, {{input}} {{ state.user }}") // ["state.user", "input"]
 */
export function placeholdersIn(template: string): string[] {
  return [...new Set(Array.from(template.matchAll(PLACEHOLDER), (m) => m[1] as string))];
}
