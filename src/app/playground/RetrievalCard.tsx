// The sources a knowledge base search found, shown under the tool call that searched: each
// passage's file and lines and a short excerpt, as plain text (never markup from the file).
import { memo } from "react";
import type { Retrieval } from "./retrievalResult";

export const RetrievalCard = memo(function RetrievalCard({ retrieval }: { retrieval: Retrieval }) {
  const name = `Sources from ${retrieval.knowledgeBase}`;
  return (
    <div
      role="group"
      aria-label={name}
      className="rounded border border-emerald-200 bg-emerald-50 px-2 py-1 text-xs dark:border-emerald-900 dark:bg-emerald-950/40"
    >
      <p className="font-semibold text-emerald-900 dark:text-emerald-200">{name}</p>
      {retrieval.vectorsUnavailable && (
        <p className="text-amber-800 dark:text-amber-300">Searched by full text only: vectors were unavailable ({retrieval.vectorsUnavailable}).</p>
      )}
      {retrieval.passages.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">No passage matched.</p>
      ) : (
        <ol className="mt-1 space-y-1">
          {retrieval.passages.map((passage, i) => (
            <li key={i} aria-label={`${passage.source}${passage.lines ? `, lines ${passage.lines}` : ""}`}>
              <span className="font-mono font-medium break-all">{passage.source}</span>
              {passage.lines && <span className="text-zinc-600 dark:text-zinc-400"> · lines {passage.lines}</span>}
              <blockquote className="mt-0.5 border-l-2 border-emerald-300 pl-2 whitespace-pre-wrap text-zinc-700 dark:border-emerald-800 dark:text-zinc-300">
                {passage.excerpt}
              </blockquote>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
});
