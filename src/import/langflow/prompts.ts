/**
 * Langflow prompt templates: Python format strings, `{name}` for a variable and `{{` / `}}` for
 * literal braces. Variables become our `{{ path }}` placeholders where their source means
 * something here (the user's message, an earlier LLM's reply); the others are kept as text,
 * and the report says so.
 */
import { plainText } from "../text.js";

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables a template names, in order, once each. */
export function promptVariables(template: string): string[] {
  const names: string[] = [];
  rewrite(template, (name) => {
    if (!names.includes(name)) names.push(name);
    return "";
  });
  return names;
}

/**
 * The template with each `{name}` replaced by what `replace` returns, escapes undone.
 * @example rewrite("Answer {question} in {{JSON}}", () => "{{ input }}") // "Answer {{ input }} in {JSON}"
 */
export function rewrite(template: string, replace: (name: string) => string): string {
  let out = "";
  let i = 0;
  // The next "}" after i, found once and reused, so a file of many "{" stays linear.
  let close = -2;
  while (i < template.length) {
    const ch = template[i] as string;
    const next = template[i + 1];
    if ((ch === "{" && next === "{") || (ch === "}" && next === "}")) {
      out += ch;
      i += 2;
      continue;
    }
    if (ch === "{") {
      if (close !== -1 && close <= i) close = template.indexOf("}", i + 1);
      const name = close === -1 ? "" : template.slice(i + 1, close).trim();
      if (close !== -1 && VARIABLE.test(name)) {
        out += replace(name);
        i = close + 1;
        continue;
      }
    }
    out += ch;
    i += 1;
  }
  return out;
}

/** Prompt text out of a Langflow field: HTML (rare, from rich text) dropped, text kept. */
export function promptText(value: string): string {
  return plainText(value);
}
