/**
 * Generates the bench's Markdown files off the main thread: 10 MB of strings made (and
 * collected) on the page would show up as the page's own long tasks (garbage collection) in
 * the figure that measures the main thread while the knowledge worker indexes.
 */
import { createCorpus } from "./corpus";

interface Request {
  files: number;
  bytes: number;
  seed: number;
}

const scope = self as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage(files: File[]): void };

scope.onmessage = (event) => {
  const corpus = createCorpus(event.data.seed);
  const files = Array.from(
    { length: event.data.files },
    (_, i) => new File([corpus.markdown(event.data.bytes)], `handbook-${i}.md`, { type: "text/markdown" }),
  );
  scope.postMessage(files);
};
