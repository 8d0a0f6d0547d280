/**
 * Prompt text out of other builders' rich-text fields: Flowise stores prompts as HTML (TipTap),
 * others as plain text or Markdown. Tags go, text, line breaks and `{{ … }}` variables stay.
 * html-to-text parses without a DOM and runs nothing (scripts and styles are dropped).
 */
import { compile } from "html-to-text";

// Compiled once: html-to-text's `convert` compiles its options on every call, which took most of an import's time.
const toText = compile({
  wordwrap: false,
  preserveNewlines: true,
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    { selector: "img", format: "skip" },
    { selector: "script", format: "skip" },
    { selector: "style", format: "skip" },
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: "h3", options: { uppercase: false } },
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
});

const HTML_TAG = /<\/?[a-z][a-z0-9-]*(\s[^<>]*)?>/i;

/**
 * The plain text of a field that may be HTML; plain text comes back as it was.
 * @example plainText("<p>You are <strong>helpful</strong>.</p><p>{{ $flow.state.topic }}</p>") // "You are helpful.\n\n{{ $flow.state.topic }}"
 */
export function plainText(field: string): string {
  if (!HTML_TAG.test(field)) return field;
  return toText(field).trim();
}
