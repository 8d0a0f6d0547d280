// Model output as markdown, rendered block by block: each completed block is parsed once and
// memoized, only the open block at the end re-renders while a reply streams. Raw HTML never
// renders; a block that is only markup shows as text, so a reply is never blank.
import { memo } from "react";
import type { MarkdownBlock } from "./markdownBlocks";
import type { BlockMode } from "./markdownPlan";
import { SafeMarkdown } from "./SafeMarkdown";
import { useMarkdownBlocks } from "./useMarkdownBlocks";

export { safeUrl } from "./markdownTree";

const Block = memo(function Block({ raw, mode, definitions }: { raw: string; mode: BlockMode; definitions: string }) {
  switch (mode) {
    case "markdown":
      return <SafeMarkdown source={definitions ? raw + definitions : raw} text={raw} />;
    case "markup":
      return (
        <pre className="my-2 overflow-x-auto rounded bg-zinc-100 p-2 text-xs whitespace-pre-wrap dark:bg-zinc-800">
          <code>{raw.trim()}</code>
        </pre>
      );
    case "plain":
      return raw.trim() ? <p className="whitespace-pre-wrap">{raw.trim()}</p> : null;
    case "hidden":
      return null;
  }
});

/** Blocks per group: a frame then compares a few groups, not thousands of blocks, to find what changed. */
const GROUP = 32;
/**
 * Each group is laid out and painted only near the viewport (`content-visibility: auto`), and
 * keeps its last size while skipped, so a growing reply costs the browser the new text per
 * frame, not the whole reply. The size is a guess for a group not yet rendered once.
 */
const GROUP_CLASS = "space-y-2 [contain-intrinsic-size:auto_800px] [content-visibility:auto]";

interface GroupProps {
  blocks: readonly MarkdownBlock[];
  modes: readonly BlockMode[];
  definitions: string;
}

// Completed blocks keep their objects from frame to frame, so identity says a group is unchanged.
const sameGroup = (a: GroupProps, b: GroupProps) =>
  a.definitions === b.definitions && a.blocks.length === b.blocks.length && a.blocks.every((block, i) => block === b.blocks[i] && a.modes[i] === b.modes[i]);

const BlockGroup = memo(function BlockGroup({ blocks, modes, definitions }: GroupProps) {
  return (
    <div className={GROUP_CLASS}>
      {blocks.map((block, i) => (
        <Block key={i} raw={block.raw} mode={modes[i]!} definitions={definitions} />
      ))}
    </div>
  );
}, sameGroup);

export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const { blocks, modes, definitions } = useMarkdownBlocks(text, streaming);
  const groups: GroupProps[] = [];
  for (let at = 0; at < blocks.length; at += GROUP) groups.push({ blocks: blocks.slice(at, at + GROUP), modes: modes.slice(at, at + GROUP), definitions });
  return (
    <div className="space-y-2 break-words [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      {groups.map((group, i) => (
        <BlockGroup key={i} {...group} />
      ))}
    </div>
  );
});
