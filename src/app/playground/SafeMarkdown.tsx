// One piece of model output as markdown: GitHub-flavoured, no raw HTML, links only to http(s)
// and mailto (opened in a new tab without referrer), images never loaded automatically. The
// markdown worker parses it (markdownTree.ts); this turns the tree into elements. Until the
// tree of new source arrives, a block shows its previous tree, or its source as text.
import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { memo, useMemo, useState, type ReactElement } from "react";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import type { Components } from "react-markdown";
import { markdownTree, safeUrl, type MarkdownTree } from "./markdownTree";
import { useMarkdownTree } from "./useMarkdownTree";

export { safeUrl };

/** How model markdown's elements render: safe links, images as links, styled code and tables. */
export const components: Components = {
  a({ href, children }) {
    const url = href ? safeUrl(href) : null;
    if (!url) return <span className="underline decoration-dotted">{children}</span>;
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className="text-sky-700 underline dark:text-sky-400">
        {children}
      </a>
    );
  },
  // An image in model output could call home with whatever it was told to put in the URL: link it instead.
  img({ src, alt }) {
    const url = typeof src === "string" ? safeUrl(src) : null;
    const text = `image: ${alt || "untitled"}`;
    return url ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="text-sky-700 underline dark:text-sky-400">
        [{text}]
      </a>
    ) : (
      <span>[{text}]</span>
    );
  },
  pre({ children }) {
    return <pre className="my-2 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">{children}</pre>;
  },
  code({ children, className }) {
    return <code className={`rounded bg-zinc-100 px-1 text-[0.85em] dark:bg-zinc-800 ${className ?? ""}`}>{children}</code>;
  },
  table({ children }) {
    return (
      <div className="my-2 overflow-x-auto">
        <table className="border-collapse text-xs [&_td]:border [&_td]:border-zinc-300 [&_td]:px-2 [&_th]:border [&_th]:border-zinc-300 [&_th]:px-2 dark:[&_td]:border-zinc-700 dark:[&_th]:border-zinc-700">
          {children}
        </table>
      </div>
    );
  },
};

/** The elements of a parsed tree, with the components above. */
function elementsOf(tree: MarkdownTree): ReactElement {
  return toJsxRuntime(tree, { Fragment, components, ignoreInvalidStyle: true, jsx, jsxs, passKeys: true, passNode: true });
}

/**
 * Markdown source as React elements, parsed in place: raw HTML dropped, every URL through `safeUrl`.
 * @example renderMarkdown("[x](javascript:alert(1))") // a span, no href
 */
export function renderMarkdown(source: string): ReactElement {
  return elementsOf(markdownTree(source));
}

/**
 * Renders markdown source with the safe settings; a fragment, so blocks sit side by side in one
 * container. `text` shows until the first tree arrives (default: the source).
 */
export const SafeMarkdown = memo(function SafeMarkdown({ source, text = source }: { source: string; text?: string }) {
  const tree = useMarkdownTree(source);
  // The last tree this block showed: while the open block of a stream waits for its next
  // version's tree, it keeps showing the previous one rather than falling back to text.
  const [shown, setShown] = useState(tree);
  if (tree && tree !== shown) setShown(tree);
  const current = tree ?? shown;
  const elements = useMemo(() => (current ? elementsOf(current) : null), [current]);
  return elements ?? <p className="whitespace-pre-wrap">{text.trim()}</p>;
});
