// The incremental block splitter: the same blocks as lexing from scratch for any chunking of a
// stream, with the completed prefix never lexed again.
import { Lexer } from "marked";
import { describe, expect, it } from "vitest";
import { definitionsOf, splitBlocks, type BlockSplit, type Lex } from "./markdownBlocks";

/** A small deterministic PRNG (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces a model writes, including sequences whose meaning changes as more text arrives
// (`para\n#` then `x`, a setext underline, a table's delimiter row, a loose list, a fence).
const PIECES = [
  "# Heading\n\n",
  "Some **bold** text with `code` and a [link](https://example.com).\n\n",
  "A paragraph\nthat wraps\n\n",
  "para\n#x and more\n\n",
  "para\n# real heading\n\n",
  "Setext\n===\n\n",
  "Under\n---\n\n",
  "- one\n- two\n  - nested\n\n",
  "- loose\n\n- list\n\n",
  "1. first\n2. second\n\n   continued\n\n",
  "- a\n\n* b\n\n",
  "| a | b |\n|---|---|\n| 1 | 2 |\n\n",
  "text\n| x | y |\n|---|---|\n| 3 | 4 |\n\n",
  "```js\nconst x = 1;\n\nconsole.log(x);\n```\n\n",
  "~~~\nunclosed-ish\n~~~\n",
  "    indented code\n\n    more code\n\n",
  "> quote\nlazy line\n\n",
  "<div><svg><text>hi</text></svg></div>\n\n",
  "<!-- a\n\ncomment -->\n\n",
  "[ref]: https://example.com/ref\n\n",
  "See [the ref][ref] and a note[^1].\n\n",
  "[^1]: The note.\n\n",
  "***\n\n",
  "- [x] done\n- [ ] todo\n\n",
  "plain tail without newline",
  "\n\n\n",
];

function document(rand: () => number, pieces: number): string {
  let text = "";
  for (let i = 0; i < pieces; i++) {
    let piece = PIECES[Math.floor(rand() * PIECES.length)]!;
    // Sometimes drop the blank line after a piece, so blocks touch.
    if (rand() < 0.3) piece = piece.replace(/\n+$/, "\n");
    text += piece;
  }
  return text;
}

function chunks(rand: () => number, text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length;) {
    const size = rand() < 0.3 ? 1 : 1 + Math.floor(rand() * 40);
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

const view = (split: BlockSplit) => split.blocks.map((b) => ({ raw: b.raw, start: b.start, kind: b.kind }));

describe("incremental markdown blocks", () => {
  it("concatenates back to the text, exactly", () => {
    const text = "# T\n\n\n- a\n- b\n\n```\ncode\n```\n| a |\n|---|\n| 1 |\n\n<p></p>\n\ntail";
    const split = splitBlocks(text);
    expect(split.blocks.map((b) => b.raw).join("")).toBe(text);
    for (const block of split.blocks) expect(text.slice(block.start, block.start + block.raw.length)).toBe(block.raw);
  });

  it("gives the same blocks as lexing from scratch, after every chunk of 300 random streams", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const rand = random(seed);
      const text = document(rand, 4 + Math.floor(rand() * 12));
      let split: BlockSplit | undefined;
      let sofar = "";
      for (const chunk of chunks(rand, text)) {
        sofar += chunk;
        split = splitBlocks(sofar, split);
        expect(view(split), `seed ${seed} at ${sofar.length}`).toEqual(view(splitBlocks(sofar)));
        expect(split.blocks.map((b) => b.raw).join("")).toBe(sofar);
      }
    }
  });

  it("gives the same blocks as lexing from scratch when streamed one character at a time", () => {
    const text = PIECES.join("") + PIECES.map((p) => p.replace(/\n+$/, "\n")).join("");
    let split: BlockSplit | undefined;
    for (let i = 1; i <= text.length; i++) {
      split = splitBlocks(text.slice(0, i), split);
      expect(view(split), `at ${i}`).toEqual(view(splitBlocks(text.slice(0, i))));
    }
  });

  it("never lexes the completed prefix again, and keeps its block objects", () => {
    const rand = random(42);
    const text = document(rand, 400);
    let lexed = 0;
    let split: BlockSplit | undefined;
    let sofar = "";
    let lexStart = -1;
    let fromScratch = 0;
    const counting: Lex = (source) => {
      lexed += source.length;
      lexStart = sofar.length - source.length;
      return Lexer.lex(source, { gfm: true });
    };
    for (const chunk of chunks(rand, text)) {
      sofar += chunk;
      fromScratch += sofar.length;
      const before = split;
      split = splitBlocks(sofar, split, counting);
      if (!before || before.blocks.length < 2) continue;
      const open = before.blocks.length - 2;
      expect(lexStart).toBe(before.blocks[open]!.start);
      for (let i = 0; i < open; i++) expect(split.blocks[i]).toBe(before.blocks[i]);
    }
    expect(lexed).toBeLessThan(fromScratch / 20);
  });

  it("starts over when the text is not a continuation", () => {
    const first = splitBlocks("# One\n\nbody");
    const second = splitBlocks("# Two\n\nbody", first);
    expect(second.blocks[0]!.raw).toBe("# Two\n\n");
    expect(second.blocks[0]).not.toBe(first.blocks[0]);
  });
});

describe("block kinds", () => {
  const kinds = (text: string) => splitBlocks(text).blocks.map((b) => b.kind);

  it("marks raw HTML and SVG, which render to nothing, as markup to show as text", () => {
    expect(kinds("<div><svg><text>hi</text></svg></div>")).toEqual(["markup"]);
    expect(kinds("<p></p>")).toEqual(["markup"]);
    expect(kinds("<!-- only a comment -->")).toEqual(["markup"]);
    expect(kinds("**<b></b>**")).toEqual(["markup"]);
  });

  it("keeps markdown with some visible text as markdown, inline HTML dropped as before", () => {
    expect(kinds("Hi <b>there</b>")).toEqual(["markdown"]);
    expect(kinds("Intro\n\n<div></div>\n\n`code`")).toEqual(["markdown", "markup", "markdown"]);
    expect(kinds("---")).toEqual(["markdown"]);
    expect(kinds("![alt](https://a.example/x.png)")).toEqual(["markdown"]);
  });

  it("collects link and footnote definitions so references resolve across blocks", () => {
    const split = splitBlocks("See [it][r] and[^1].\n\n[r]: https://example.com\n\n[^1]: A note.\n");
    expect(split.blocks.map((b) => b.kind)).toEqual(["markdown", "definition", "definition"]);
    expect(definitionsOf(split.blocks)).toBe("\n\n[r]: https://example.com\n\n[^1]: A note.");
  });
});
