// Per-frame parse budget: a huge reply is parsed over several frames, never all in one.
import { describe, expect, it } from "vitest";
import { MAX_BUDGET_CHARS, OPEN_BLOCK_PLAIN_CHARS, ReplyBlocks } from "./markdownPlan";

const section = (i: number) => `## Part ${i}\n\nSome **bold** text, \`code\` and a [link](https://example.com/${i}).\n\n- one\n- two\n\n`;
const longReply = (sections: number) => Array.from({ length: sections }, (_, i) => section(i)).join("");

/** Source length newly rendered as markdown between two views. */
function newlyParsed(before: readonly string[] | undefined, view: ReturnType<ReplyBlocks["view"]>): number {
  return view.blocks.reduce((sum, block, i) => (view.modes[i] === "markdown" && before?.[i] !== "markdown" ? sum + block.raw.length : sum), 0);
}

describe("markdown parse budget", () => {
  it("parses a 1 MB reply opened at once over many frames, within the budget each, until all of it is markdown", () => {
    const text = longReply(Math.ceil(1_000_000 / section(0).length));
    const reply = new ReplyBlocks();
    let view = reply.view(text, false, 0);
    let modes: readonly string[] | undefined;
    let frames = 0;
    while (view.behind) {
      expect(newlyParsed(modes, view)).toBeLessThanOrEqual(reply.budgetChars() + 600);
      modes = view.modes;
      view = reply.view(text, false, ++frames);
    }
    expect(frames).toBeGreaterThan(50);
    expect(view.modes.every((m) => m === "markdown")).toBe(true);
  });

  it("moves on past a block bigger than the budget", () => {
    const big = `\`\`\`\n${"y = 2\n".repeat(MAX_BUDGET_CHARS / 3)}\`\`\`\n\n`;
    const text = `${big}after\n\n${big}end`;
    const reply = new ReplyBlocks();
    let view = reply.view(text, false, 0);
    for (let frame = 1; view.behind && frame < 10; frame++) view = reply.view(text, false, frame);
    expect(view.behind).toBe(false);
    expect(view.modes).toEqual(["markdown", "markdown", "markdown", "markdown"]);
  });

  it("while streaming small chunks, renders each new block as markdown in the frame it arrives", () => {
    const text = longReply(40);
    const reply = new ReplyBlocks();
    for (let end = 100; end < text.length; end += 97) {
      const view = reply.view(text.slice(0, end), true, 0);
      expect(view.modes.every((m) => m === "markdown")).toBe(true);
      expect(view.behind).toBe(false);
    }
  });

  it("shows an open block too big to re-parse every frame as plain text until the stream ends", () => {
    const huge = `\`\`\`\n${"x = 1\n".repeat(OPEN_BLOCK_PLAIN_CHARS / 4)}`;
    const reply = new ReplyBlocks();
    const streaming = reply.view(`Intro\n\n${huge}`, true, 0);
    expect(streaming.modes).toEqual(["markdown", "plain"]);
    expect(streaming.behind).toBe(false);
    expect(reply.view(`Intro\n\n${huge}\`\`\`\n`, false, 0).modes).toEqual(["markdown", "markdown"]);
  });

  it("parses less per frame on a machine measured to be slow, and more on a fast one", () => {
    const text = longReply(2000);
    const slow = new ReplyBlocks();
    const start = slow.budgetChars();
    for (let frame = 0; frame < 5; frame++) {
      slow.view(text, false, frame, 0);
      slow.committed(1_000); // each frame's parse took a second
    }
    expect(slow.budgetChars()).toBeLessThan(start);
    const fast = new ReplyBlocks();
    for (let frame = 0; frame < 5; frame++) {
      fast.view(text, false, frame, 0);
      fast.committed(1);
    }
    expect(fast.budgetChars()).toBe(MAX_BUDGET_CHARS);
  });

  it("starts over for a different text", () => {
    const reply = new ReplyBlocks();
    reply.view(longReply(400), false, 0);
    const other = reply.view("<p></p>", false, 0);
    expect(other.modes).toEqual(["markup"]);
  });

  it("shows a reply made only of definitions as text rather than nothing", () => {
    expect(new ReplyBlocks().view("[a]: https://example.com\n", false, 0).modes).toEqual(["markup"]);
  });
});
