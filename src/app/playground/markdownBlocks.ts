// Splits a streaming markdown reply into top-level blocks with marked's lexer, incrementally:
// each update re-lexes only from the start of the last two blocks, so the completed prefix is
// never lexed (nor rendered) again. The blocks' `raw`s concatenate to the text, exactly.
import { Lexer, type Token, type Tokens } from "marked";

/**
 * How a block shows: `markdown` through the safe renderer; `markup` is raw HTML (or anything
 * else that would render to nothing) and shows as text, so a reply is never blank;
 * `definition` (a link reference or footnote definition) renders nothing itself and is handed
 * to every other block, which may refer to it.
 */
export type BlockKind = "markdown" | "markup" | "definition";

export interface MarkdownBlock {
  /** The source of the block, blank lines after it included. */
  raw: string;
  /** Offset of `raw` in the text. */
  start: number;
  kind: BlockKind;
}

export interface BlockSplit {
  text: string;
  /** Blocks in order; the last one is still open while the text grows. */
  blocks: readonly MarkdownBlock[];
}

/** Lexes markdown into top-level tokens; a parameter so tests can count what is lexed. */
export type Lex = (source: string) => Token[];

const lexer = (source: string): Token[] => Lexer.lex(source, { gfm: true });

/**
 * Blocks of `text`, reusing `previous` when `text` extends it: only the last two blocks (a new
 * line can still turn the one before the open block into something else, e.g. `para\n#` then
 * `x`) are lexed again; earlier blocks keep their objects, so memoized renders of them hold.
 * @example splitBlocks("# Title\n\nBody").blocks.map((b) => b.raw) // ["# Title\n\n", "Body"]
 */
export function splitBlocks(text: string, previous?: BlockSplit, lex: Lex = lexer): BlockSplit {
  if (previous && previous.text === text) return previous;
  let keep = 0;
  if (previous && text.startsWith(previous.text)) keep = Math.max(0, previous.blocks.length - 2);
  const kept = previous ? previous.blocks.slice(0, keep) : [];
  const from = keep > 0 ? kept[keep - 1]!.start + kept[keep - 1]!.raw.length : 0;
  const source = text.slice(from);
  return { text, blocks: kept.concat(toBlocks(source, lex(source), from)) };
}

/**
 * Groups tokens into blocks: blank-line (`space`) tokens join the block before them. A token's
 * `raw` is trusted only where it is exactly the source at that point (marked rewrites a few
 * endings, e.g. a trailing `1. ` becomes `1.\n`); from there on, the rest is the last block.
 */
function toBlocks(source: string, tokens: Token[], offset: number): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let leading = "";
  let leadingStart = 0;
  let at = 0;
  for (const token of tokens) {
    if (!source.startsWith(token.raw, at)) break;
    if (token.type === "space") {
      const last = blocks[blocks.length - 1];
      if (last) blocks[blocks.length - 1] = { ...last, raw: last.raw + token.raw };
      else {
        if (!leading) leadingStart = at;
        leading += token.raw;
      }
    } else {
      blocks.push({ raw: leading + token.raw, start: offset + (leading ? leadingStart : at), kind: kindOf(token) });
      leading = "";
    }
    at += token.raw.length;
  }
  const rest = source.slice(at);
  const last = blocks[blocks.length - 1];
  if (leading || (!last && rest)) blocks.push({ raw: leading + rest, start: offset + (leading ? leadingStart : at), kind: "markdown" });
  else if (last && rest) blocks[blocks.length - 1] = { ...last, raw: last.raw + rest };
  for (const block of blocks) block.raw = ownCopy(block.raw);
  return blocks;
}

/**
 * `text` in storage of its own. A token's `raw` is a slice of the text lexed, which JavaScript
 * engines (V8) keep alive whole for the slice's sake; a streaming reply is a new string every
 * frame, so each frame's blocks would keep a copy of the whole reply (160 MB for a 1 MB reply).
 * Concatenating then slicing makes the engine copy just this text.
 */
function ownCopy(text: string): string {
  return ` ${text}`.slice(1);
}

// A footnote definition (`[^1]: text`) is a paragraph to marked; remark-gfm needs it beside its reference.
const FOOTNOTE_DEFINITION = /^ {0,3}\[\^[^\]\s]+\]:/;

function kindOf(token: Token): BlockKind {
  if (token.type === "def" || (token.type === "paragraph" && FOOTNOTE_DEFINITION.test(token.raw))) return "definition";
  // Only dropped HTML makes a block vanish; an empty heading or bullet (often a half-streamed one) is markdown.
  return showsSomething(token) || !token.raw.includes("<") ? "markdown" : "markup";
}

/**
 * Whether a token renders anything once raw HTML is dropped: text, code, a rule, an image (shown
 * as a link) or a table. HTML, and containers holding only HTML or whitespace, do not.
 */
export function showsSomething(token: Token): boolean {
  switch (token.type) {
    case "html":
    case "space":
    case "def":
    case "br":
      return false;
    case "hr":
    case "image":
    case "table":
    case "checkbox":
      return true;
    case "code":
    case "codespan":
      return (token as Tokens.Code).text.trim() !== "";
    case "list":
      return (token as Tokens.List).items.some(showsSomething);
  }
  if ("tokens" in token && Array.isArray(token.tokens)) return token.tokens.some(showsSomething);
  return "text" in token && typeof token.text === "string" && token.text.trim() !== "";
}

/** The definitions of a split, joined: every block renders with them so references resolve across blocks. */
export function definitionsOf(blocks: readonly MarkdownBlock[]): string {
  let definitions = "";
  for (const block of blocks) if (block.kind === "definition") definitions += `\n\n${block.raw.trim()}`;
  return definitions;
}
