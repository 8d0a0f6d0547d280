// Model output as markdown, rendered block by block: each completed block is parsed once and
// memoized, only the open block at the end re-renders while a reply streams. Raw HTML never
// renders; a block that is only markup shows as text, so a reply is never blank.
import { memo } from "react";
import type { BlockMode } from "./markdownPlan";
import { SafeMarkdown } from "./SafeMarkdown";
import { useMarkdownBlocks } from "./useMarkdownBlocks";

export { safeUrl } from "./SafeMarkdown";

const Block = memo(function Block({ raw, mode, definitions }: { raw: string; mode: BlockMode; definitions: string }) {
  switch (mode) {
    case "markdown":
      return <SafeMarkdown source={definitions ? raw + definitions : raw} />;
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

export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const { blocks, modes, definitions } = useMarkdownBlocks(text, streaming);
  return (
    <div className="space-y-2 break-words [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      {blocks.map((block, i) => (
        <Block key={i} raw={block.raw} mode={modes[i]!} definitions={definitions} />
      ))}
    </div>
  );
});
