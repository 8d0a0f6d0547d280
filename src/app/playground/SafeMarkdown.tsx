// One piece of model output as markdown: GitHub-flavoured, no raw HTML, links only to http(s)
// and mailto (opened in a new tab without referrer), images never loaded automatically.
import { memo } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/**
 * The URL to keep, or null to drop it: only absolute http(s) and mailto URLs pass, so
 * `javascript:`, `data:` and relative links from model output go nowhere.
 * @example safeUrl("javascript:alert(1)") // null
 */
export function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url.trim());
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

const components: Components = {
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

const urlTransform = (url: string) => safeUrl(url);
const remarkPlugins = [remarkGfm];

/** Renders markdown source with the safe settings; a fragment, so blocks sit side by side in one container. */
export const SafeMarkdown = memo(function SafeMarkdown({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={remarkPlugins} skipHtml urlTransform={urlTransform} components={components}>
      {source}
    </ReactMarkdown>
  );
});
