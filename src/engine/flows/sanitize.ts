/**
 * Sanitize (seeds 003 and 004): weaker models sometimes write tool calls as text instead
 * of calling the tool — `<tool_call>{…}</tool_call>` blocks or a leaked
 * `load_skill({"name": "x"})`. Those fragments are stripped before the reply is shown.
 */

/** Tag blocks models use for pseudo tool calls; an unclosed block runs to the end of the text. */
const TAG_BLOCK = /<(tool_call|function_call|tool_use)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const STRAY_TAG = /<\/?(?:tool_call|function_call|tool_use)\b[^>]*>/gi;
const CALL_START = /([A-Za-z_][A-Za-z0-9_]*)\(\s*\{/g;

/** Index just past the `}` closing the `{` at `open`, skipping JSON strings; -1 when unbalanced. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** A leaked call is a known tool's name, or a snake_case name (how tools are named), applied to an object. */
function looksLikeTool(name: string, tools: ReadonlySet<string>): boolean {
  return tools.has(name) || /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(name);
}

function stripLeakedCalls(text: string, tools: ReadonlySet<string>, removed: string[]): string {
  let out = "";
  let from = 0;
  CALL_START.lastIndex = 0;
  for (let m = CALL_START.exec(text); m; m = CALL_START.exec(text)) {
    const name = m[1] as string;
    const brace = m.index + m[0].length - 1;
    const end = closingBrace(text, brace);
    const close = end < 0 ? null : /^\s*\)/.exec(text.slice(end));
    if (!close || !looksLikeTool(name, tools)) continue;
    const stop = end + close[0].length;
    removed.push(text.slice(m.index, stop));
    out += text.slice(from, m.index);
    from = stop;
    CALL_START.lastIndex = stop;
  }
  return out + text.slice(from);
}

/**
 * Strips pseudo tool-call text and reports what was removed. `tools` are names the model
 * could call (leaked calls of other names count only when they are snake_case).
 * @example
 * sanitizeReply('Sure. <tool_call>{"name":"x"}</tool_call> Done.', []).text // "Sure. Done."
 * sanitizeReply('Here: load_skill({"name": "calm"})', ["load_skill"]).removed // ['load_skill({"name": "calm"})']
 */
export function sanitizeReply(text: string, tools: Iterable<string> = []): { text: string; removed: string[] } {
  const removed: string[] = [];
  let out = text.replace(TAG_BLOCK, (block) => {
    removed.push(block);
    return " ";
  });
  out = out.replace(STRAY_TAG, (tag) => {
    removed.push(tag);
    return " ";
  });
  out = stripLeakedCalls(out, new Set(tools), removed);
  if (removed.length === 0) return { text, removed };
  const tidy = out
    .replace(/`\s*`/g, "")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/[ \t]+([.,;:!?])/g, "$1")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return { text: tidy, removed };
}
