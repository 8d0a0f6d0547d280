// Markdown source to a safe HTML tree (hast): react-markdown's pipeline (remark-parse,
// remark-gfm, remark-rehype) and its `skipHtml` and `urlTransform` steps, through one processor
// built once. Pure and DOM-free, so it runs in the markdown worker and, where there is no
// worker (tests, server rendering), in place.
import { urlAttributes } from "html-url-attributes";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";

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

// Raw HTML becomes `raw` nodes here (as in react-markdown), which `markdownTree` then drops.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype, { allowDangerousHtml: true }).freeze();

/** The HTML tree of a piece of markdown, ready for `hast-util-to-jsx-runtime`. */
export type MarkdownTree = ReturnType<typeof processor.runSync>;

/**
 * The tree of `source` with raw HTML dropped, every URL attribute through `safeUrl`, and no
 * source positions (nothing reads them; without them a tree is half the size to post).
 * @example markdownTree("[x](javascript:alert(1))") // a link without href
 */
export function markdownTree(source: string): MarkdownTree {
  const tree = processor.runSync(processor.parse(source));
  visit(tree, (node, index, parent) => {
    delete node.position;
    if (node.type === "raw" && parent && index !== undefined) {
      parent.children.splice(index, 1);
      return index;
    }
    if (node.type !== "element") return;
    for (const [attribute, tags] of Object.entries(urlAttributes)) {
      if (!Object.hasOwn(node.properties, attribute) || (tags !== null && !tags.includes(node.tagName))) continue;
      node.properties[attribute] = safeUrl(String(node.properties[attribute] || ""));
    }
  });
  return tree;
}
