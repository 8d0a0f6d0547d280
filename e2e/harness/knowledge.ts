// Test-only harness: the app's knowledge client, whose worker extracts, indexes and stores files
// in real IndexedDB, exposed to Playwright as window.knowledgeHarness. Files cross as byte arrays.
import { createKnowledgeClient, type KnowledgeProgress } from "../../src/app/services/knowledgeClient";
import { errorMessage } from "../../src/schema/errorMessage.js";

// `?probeMs=…&silentMs=…&stopMs=…` shortens the watchdog's bounds, so a stuck worker is given up on in seconds.
const params = new URLSearchParams(location.search);
const timings = Object.fromEntries(["probeMs", "silentMs", "stopMs"].flatMap((key) => (params.has(key) ? [[key, Number(params.get(key))]] : [])));
const client = createKnowledgeClient(undefined, { timings });

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

/** `add`, answering the error's message when it rejects. */
async function tryAdd(graphId: string, baseId: string, files: HarnessFile[]) {
  try {
    return { ok: true as const, ...(await add(graphId, baseId, files)) };
  } catch (error) {
    return { ok: false as const, error: errorMessage(error) };
  }
}

export const knowledgeHarness = {
  add,
  tryAdd,
  texts: (graphId: string, baseId: string) => client.texts(graphId, baseId),
  stats: (graphId: string, baseId: string) => client.stats(graphId, baseId),
  deleteBase: (graphId: string, baseId: string) => client.deleteBase(graphId, baseId),
  /** Whether anything in the page ran a script an HTML file carried. */
  scriptRan: () => (globalThis as { injected?: boolean }).injected === true,
};
export type KnowledgeHarness = typeof knowledgeHarness;

(window as unknown as { knowledgeHarness: KnowledgeHarness }).knowledgeHarness = knowledgeHarness;
document.getElementById("status")!.textContent = "ready";
