// Test-only harness: the app's knowledge client, whose worker extracts, indexes and stores files
// in real IndexedDB, exposed to Playwright as window.knowledgeHarness. Files cross as byte arrays.
import { createKnowledgeClient, type KnowledgeProgress } from "../../src/app/services/knowledgeClient";

const client = createKnowledgeClient();

export interface HarnessFile {
  name: string;
  bytes: number[];
}

async function add(graphId: string, baseId: string, files: HarnessFile[]) {
  const progress: KnowledgeProgress[] = [];
  const result = await client.addFiles(
    graphId,
    baseId,
    files.map((file) => new File([new Uint8Array(file.bytes)], file.name)),
    { onProgress: (p) => progress.push(p) },
  );
  return { ...result, phases: progress.map((p) => `${p.file}:${p.phase}`) };
}

export const knowledgeHarness = {
  add,
  texts: (graphId: string, baseId: string) => client.texts(graphId, baseId),
  stats: (graphId: string, baseId: string) => client.stats(graphId, baseId),
  deleteBase: (graphId: string, baseId: string) => client.deleteBase(graphId, baseId),
  /** Whether anything in the page ran a script an HTML file carried. */
  scriptRan: () => (globalThis as { injected?: boolean }).injected === true,
};
export type KnowledgeHarness = typeof knowledgeHarness;

(window as unknown as { knowledgeHarness: KnowledgeHarness }).knowledgeHarness = knowledgeHarness;
document.getElementById("status")!.textContent = "ready";
