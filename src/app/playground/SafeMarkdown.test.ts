// The one-processor renderer gives exactly what react-markdown gives with the same settings.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { describe, expect, it } from "vitest";
import { components, renderMarkdown, safeUrl, SafeMarkdown } from "./SafeMarkdown";

const SOURCES = [
  "# Title\n\nSome **bold**, *em*, ~~gone~~, `code` and a [link](https://example.com/a?b=1).",
  "- [x] done\n- [ ] open\n  - nested [mail](mailto:a@b.c)\n\n1. one\n2. two",
  "| a | b |\n|:--|--:|\n| 1 | [x](https://x.example) |",
  "```ts\nconst a = 1 < 2;\n```\n\n> quoted\n> ![alt](https://evil.example/p.png?q=secret)",
  'Hi <img src=x onerror="alert(1)"> <script>alert(2)</script><b>raw</b> and <a href="javascript:alert(3)">a</a>',
  "[bad](javascript:alert(1)) [data](data:text/html,x) [rel](/settings) [ref][r] www.example.com https://bare.example\n\n[r]: vbscript:x",
  "A note[^1] and another[^n].\n\n[^1]: First.\n[^n]: Second with **bold**.",
  '<div><svg viewBox="0 0 10 10"><circle r="4"/></svg></div>\n\n<details open><summary>x</summary>y</details>',
];

describe("renderMarkdown", () => {
  for (const [i, source] of SOURCES.entries()) {
    it(`renders what react-markdown renders with the same plugins, skipHtml and urlTransform (${i})`, () => {
      const ours = renderToStaticMarkup(createElement(SafeMarkdown, { source }));
      // The reference: react-markdown's own component with the settings SafeMarkdown used to pass it.
      const reference = renderToStaticMarkup(
        createElement(ReactMarkdown, { remarkPlugins: [remarkGfm], skipHtml: true, urlTransform: (url: string) => safeUrl(url), components }, source),
      );
      expect(ours).toBe(reference);
    });
  }

  it("renders each source to the same markup every time (the shared processor keeps no state)", () => {
    const first = SOURCES.map((s) => renderToStaticMarkup(renderMarkdown(s)));
    expect(SOURCES.map((s) => renderToStaticMarkup(renderMarkdown(s)))).toEqual(first);
  });
});
