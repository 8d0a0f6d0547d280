// The sources of a knowledge base search load with the first search shown: a graph without
// knowledge bases never fetches them.
import { lazy, Suspense } from "react";
import { LoadingStatus } from "../shell/LoadingStatus";
import type { Retrieval } from "./retrievalResult";

const RetrievalCard = lazy(() => import("./RetrievalCard").then((m) => ({ default: m.RetrievalCard })));

export function LazyRetrievalCard({ retrieval }: { retrieval: Retrieval }) {
  return (
    <Suspense fallback={<LoadingStatus what={`sources from ${retrieval.knowledgeBase}`} />}>
      <RetrievalCard retrieval={retrieval} />
    </Suspense>
  );
}
