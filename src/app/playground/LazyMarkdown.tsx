// Markdown rendering loads with the first reply, keeping react-markdown and its parser out
// of the initial bundle; until it arrives the text shows as plain, wrapped text.
import { lazy, Suspense } from "react";

const Markdown = lazy(() => import("./Markdown").then((m) => ({ default: m.Markdown })));

export function LazyMarkdown({ text, streaming }: { text: string; streaming?: boolean }) {
  return (
    <Suspense fallback={<p className="break-words whitespace-pre-wrap">{text}</p>}>
      <Markdown text={text} streaming={streaming} />
    </Suspense>
  );
}
