/**
 * The knowledge base indexing figure in the browser: 10 MB of generated Markdown (10 files of
 * 1 MB, generated in a worker) added through the app's knowledge client, so the real knowledge worker extracts, chunks,
 * indexes and stores it in Chromium's IndexedDB, while a PerformanceObserver records the main
 * thread's long tasks. The result is left on `window.__knowledgeBench`.
 */
import { createKnowledgeClient } from "../../src/app/services/knowledgeClient";
import type { IndexingResult } from "../app/knowledgeFigures";

declare global {
  interface Window {
    __knowledgeBench?: IndexingResult;
    __knowledgeBenchError?: string;
  }
}

const FILES = 10;
const FILE_BYTES = 1_000_000;

async function measure() {
  // Generated in a worker: the page only holds the File objects, as after a drop.
  const generator = new Worker(new URL("./generate.worker.ts", import.meta.url), { type: "module" });
  const files = await new Promise<File[]>((resolve, reject) => {
    generator.onmessage = (event: MessageEvent<File[]>) => resolve(event.data);
    generator.onerror = (event) => reject(new Error(event.message));
    generator.postMessage({ files: FILES, bytes: FILE_BYTES, seed: 7 });
  });
  generator.terminate();
  const tasks: number[] = [];
  const starts: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push(entry.duration);
      starts.push(entry.startTime);
    }
  });
  observer.observe({ type: "longtask", buffered: false });
  // A task of 80 ms on purpose: it must be seen, or the figure could not fail.
  const busy = performance.now();
  while (performance.now() - busy < 80) {
    // blocking
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (tasks.length === 0) throw new Error("the longtask observer saw no long task: the main-thread figure cannot be measured here");
  tasks.length = 0;
  starts.length = 0;
  const client = createKnowledgeClient();
  const graphId = `bench-${Date.now()}`;
  const started = performance.now();
  const result = await client.addFiles(graphId, "kb-bench", files);
  const ms = performance.now() - started;
  // Long tasks are reported after they end: give the last one a moment to arrive.
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const stats = await client.stats(graphId, "kb-bench");
  await client.deleteBase(graphId, "kb-bench");
  window.__knowledgeBench = {
    ms,
    longest_task_ms: tasks.length > 0 ? Math.max(...tasks) : 0,
    long_tasks: tasks.length,
    // When each long task began, from the start of the add (ms): to tell start-up from indexing from the end.
    long_task_starts_ms: starts.map((start) => Math.round(start - started)),
    files: stats.files,
    chunks: stats.chunks,
    stored_bytes: stats.bytes,
    errors: result.errors.map((e) => e.message),
  };
}

measure().catch((error: unknown) => {
  window.__knowledgeBenchError = error instanceof Error ? `${error.message}\n${error.stack ?? ""}` : String(error);
});
