/** The generated project's reply sanitizer (src/sanitize.ts), for agents that strip pseudo tool calls. */
export const SANITIZE_SOURCE = `/**
 * Weaker models sometimes write a tool call as text instead of calling the tool: a
 * \`<tool_call>{…}</tool_call>\` block or a leaked \`load_skill({"name": "x"})\`. An agent that
 * sanitizes strips those fragments from its replies.
 */

/** Tag blocks models use for pseudo tool calls; an unclosed block runs to the end of the text. */
const TAG_BLOCK = /<(tool_call|function_call|tool_use)\\b[^>]*>[\\s\\S]*?(?:<\\/\\1\\s*>|$)/gi;
const STRAY_TAG = /<\\/?(?:tool_call|function_call|tool_use)\\b[^>]*>/gi;
const CALL_START = /([A-Za-z_][A-Za-z0-9_]*)\\(\\s*\\{/g;

/** Index just past the \`}\` closing the \`{\` at \`open\`, skipping JSON strings; -1 when unbalanced. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** A leaked call is one of the agent's tools, or a snake_case name (how tools are named), applied to an object. */
function looksLikeTool(name: string, tools: ReadonlySet<string>): boolean {
  return tools.has(name) || /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(name);
}

function stripLeakedCalls(text: string, tools: ReadonlySet<string>): { text: string; removed: number } {
  let out = "";
  let from = 0;
  let removed = 0;
  CALL_START.lastIndex = 0;
  for (let m = CALL_START.exec(text); m; m = CALL_START.exec(text)) {
    const end = closingBrace(text, m.index + m[0].length - 1);
    const close = end < 0 ? null : /^\\s*\\)/.exec(text.slice(end));
    if (!close || !looksLikeTool(m[1] as string, tools)) continue;
    const stop = end + close[0].length;
    removed++;
    out += text.slice(from, m.index);
    from = stop;
    CALL_START.lastIndex = stop;
  }
  return { text: out + text.slice(from), removed };
}

/** The reply's text without pseudo tool calls (unchanged when it has none). */
export function sanitizeReply(text: string, tools: readonly string[]): string {
  let removed = 0;
  const strip = () => {
    removed++;
    return " ";
  };
  const leaked = stripLeakedCalls(text.replace(TAG_BLOCK, strip).replace(STRAY_TAG, strip), new Set(tools));
  if (removed + leaked.removed === 0) return text;
  return leaked.text
    .replace(/\`\\s*\`/g, "")
    .replace(/[ \\t]{2,}/g, " ")
    .replace(/[ \\t]+([.,;:!?])/g, "$1")
    .replace(/[ \\t]+\\n/g, "\\n")
    .replace(/\\n{3,}/g, "\\n\\n")
    .trim();
}
`;
