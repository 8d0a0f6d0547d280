// How each block of a reply shows this frame: markdown is rendered a bounded amount per frame
// (sized by the speed measured on this machine; the parsing itself is done by the markdown
// worker), so neither a long stream nor a 1 MB reply opened at once blocks the page; what is
// not rendered yet shows as plain text until a later frame gets to it.
import { definitionsOf, splitBlocks, type BlockSplit, type MarkdownBlock } from "./markdownBlocks";

/** `plain`: the source as wrapped text (not parsed yet, or too big to re-parse every frame). */
export type BlockMode = "markdown" | "markup" | "plain" | "hidden";

/** Time per frame to spend rendering markdown; the budget in characters follows the measured speed. */
const FRAME_PARSE_MS = 24;
/** Parse speed assumed before anything is measured (characters per ms): modest, it adapts after one frame. */
const INITIAL_CHARS_PER_MS = 200;
const MIN_BUDGET_CHARS = 400;
export const MAX_BUDGET_CHARS = 48_000;
/** While streaming, an open block larger than this shows as plain text until it completes. */
export const OPEN_BLOCK_PLAIN_CHARS = 16_000;

export interface BlockPlan {
  modes: BlockMode[];
  /** Blocks rendered as markdown or markup (a prefix); the next frame continues from here. */
  parsed: number;
  /** Characters of markdown this frame renders anew (new blocks, and the changed open ones). */
  spent: number;
}

/**
 * Plans one frame: blocks before `parsedBefore` were rendered already (memoized, they cost
 * nothing unless their source changed: only the open block does), then new blocks up to the budget.
 * @example planBlocks(blocks, 0, false).modes // ["markdown", "markdown", "plain", …] for a long reply
 */
export function planBlocks(blocks: readonly MarkdownBlock[], parsedBefore: number, streaming: boolean, budgetChars: number): BlockPlan {
  const modes: BlockMode[] = [];
  let budget = budgetChars;
  let parsed = 0;
  let taken = 0;
  const open = blocks.length - 1;
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const already = i < parsedBefore;
    const tooBig = streaming && i === open && block.raw.length > OPEN_BLOCK_PLAIN_CHARS;
    // At least one new block per frame, however big, so the parse always moves on.
    if (!already && (tooBig || (budget <= 0 && taken > 0))) {
      modes.push("plain");
      continue;
    }
    if (!already) taken++;
    // The block before the open one may have just completed: its render is new work too.
    if (i >= parsedBefore - 1) budget -= block.raw.length;
    if (parsed === i) parsed = i + 1;
    modes.push(block.kind === "definition" ? "hidden" : block.kind);
  }
  // A reply made only of definitions would show nothing at all: show it as text instead.
  if (blocks.length > 0 && modes.every((m) => m === "hidden")) return { modes: modes.map(() => "markup"), parsed, spent: budgetChars - budget };
  return { modes, parsed, spent: budgetChars - budget };
}

export interface MarkdownView {
  blocks: readonly MarkdownBlock[];
  modes: readonly BlockMode[];
  /** Link and footnote definitions, appended to every block's source. */
  definitions: string;
  /** Blocks wait for a later frame to be parsed. */
  behind: boolean;
}

/**
 * One reply's blocks across renders: each call continues from the last (same text: same view),
 * so a growing reply is split incrementally and parsed within the per-frame budget.
 * @example new ReplyBlocks().view("# Hi\n\nthere", false, 0).modes // ["markdown", "markdown"]
 */
export class ReplyBlocks {
  private split: BlockSplit | undefined;
  private parsed = 0;
  private last: { text: string; streaming: boolean; frame: number; view: MarkdownView } | undefined;
  private charsPerMs = INITIAL_CHARS_PER_MS;
  /** The last new view: when it was planned and how much it parses, until `committed` measures it. */
  private pending: { at: number; chars: number } | undefined;

  /** Characters of markdown to parse in one frame at the speed measured so far. */
  budgetChars(): number {
    return Math.min(MAX_BUDGET_CHARS, Math.max(MIN_BUDGET_CHARS, Math.round(this.charsPerMs * FRAME_PARSE_MS)));
  }

  /**
   * The last view is on screen (`now`: after its commit): its time per character updates the
   * speed, so a slow or busy machine parses less per frame and stays responsive.
   */
  committed(now: number = performance.now()): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending || pending.chars < MIN_BUDGET_CHARS) return;
    const sample = pending.chars / Math.max(1, now - pending.at);
    this.charsPerMs = (this.charsPerMs + sample) / 2;
  }

  /** `frame` counts the re-renders asked for by `behind`, each one continuing the parse. */
  view(text: string, streaming: boolean, frame: number, now: number = performance.now()): MarkdownView {
    const last = this.last;
    if (last && last.text === text && last.streaming === streaming && last.frame === frame) return last.view;
    const continues = this.split !== undefined && text.startsWith(this.split.text);
    this.split = splitBlocks(text, this.split);
    const { blocks } = this.split;
    const plan = planBlocks(blocks, continues ? this.parsed : 0, streaming, this.budgetChars());
    this.parsed = plan.parsed;
    this.pending = { at: now, chars: plan.spent };
    // While streaming, an open block too big to parse every frame waits for the stream to end.
    const behind = plan.parsed < blocks.length && !(streaming && plan.parsed === blocks.length - 1);
    const view = { blocks, modes: plan.modes, definitions: definitionsOf(blocks), behind };
    this.last = { text, streaming, frame, view };
    return view;
  }
}
