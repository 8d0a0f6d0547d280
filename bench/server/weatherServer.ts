/**
 * The Weather template served by LangGraph's API server (`@langchain/langgraph-api`'s
 * `startServer`, the same in-memory server `langgraphjs dev` runs) in this process, from the
 * server bundle Graphwright exports: as written (scripted tokens paced at 60/s) and with pacing off.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildServerEngine } from "../../src/server/bundle/buildEngine.js";
import { serverBundleFiles } from "../../src/server/bundle/files.js";
import { linkPackages, startLangGraphServer } from "../../src/server/testing/langgraphServer.js";
import { validate, type GraphDocument } from "../../src/schema/index.js";

const WEATHER = fileURLToPath(new URL("../../examples/weather-assistant.json", import.meta.url));

export interface WeatherServer {
  url: string;
  workers: number;
  /** Graph ids: the template as written, and the copy with token pacing off. */
  paced: string;
  unpaced: string;
  /** The unpaced document, to run the same turn in-process. */
  unpacedDocument: GraphDocument;
  /** What the Assistant's script paces tokens at in the template. */
  templateTokensPerSecond: number;
  /** CPU time of the process the server runs in, so far. */
  cpuUsage(): Promise<NodeJS.CpuUsage>;
  close(): Promise<void>;
}

async function loadWeather(): Promise<GraphDocument> {
  const checked = validate(JSON.parse(await readFile(WEATHER, "utf8")));
  if (!checked.ok) throw new Error("examples/weather-assistant.json is not valid");
  return checked.document;
}

function assistantScript(document: GraphDocument): { tokens_per_second?: number } {
  const assistant = document.nodes.find((n) => n.id === "assistant");
  const script = (assistant?.data as { script?: { tokens_per_second?: number } } | undefined)?.script;
  if (!script) throw new Error("the Weather template has no Assistant script");
  return script;
}

/** A copy whose scripted model streams without pacing, under its own graph id. */
function withoutPacing(document: GraphDocument): GraphDocument {
  const copy = structuredClone(document);
  copy.meta.id = `${document.meta.id}-unpaced`;
  assistantScript(copy).tokens_per_second = 0;
  return copy;
}

/** Writes each document's server bundle (as `serverBundleFiles` exports it) into `dir`; returns graph specs. */
async function writeBundles(dir: string, documents: GraphDocument[]): Promise<Record<string, string>> {
  const engine = await buildServerEngine();
  const graphs: Record<string, string> = {};
  for (const document of documents) {
    const out = path.join(dir, document.meta.id);
    for (const [name, text] of Object.entries(serverBundleFiles(document, engine))) {
      await mkdir(path.dirname(path.join(out, name)), { recursive: true });
      await writeFile(path.join(out, name), text);
    }
    const config = JSON.parse(await readFile(path.join(out, "langgraph.json"), "utf8")) as { graphs: Record<string, string> };
    for (const [id, spec] of Object.entries(config.graphs)) graphs[id] = path.join(out, spec);
  }
  return graphs;
}

/**
 * LangGraph's API server keeps its state in module scope: start one per process.
 * @example
 * const server = await startWeatherServer(32);
 * // … new Client({ apiUrl: server.url, apiKey: null }) …
 * await server.close();
 */
export async function startWeatherServer(workers: number): Promise<WeatherServer> {
  // Before the server's modules load: its info logs would flood the bench's output.
  process.env.LOG_LEVEL = "warn";
  const template = await loadWeather();
  const unpaced = withoutPacing(template);
  const dir = await mkdtemp(path.join(tmpdir(), "gw-bench-server-"));
  try {
    await linkPackages(dir);
    const graphs = await writeBundles(dir, [template, unpaced]);
    const server = await startLangGraphServer({ cwd: dir, graphs, workers });
    return {
      url: server.url,
      workers,
      paced: template.meta.id,
      unpaced: unpaced.meta.id,
      unpacedDocument: unpaced,
      templateTokensPerSecond: assistantScript(template).tokens_per_second ?? 0,
      cpuUsage: async () => process.cpuUsage(),
      close: async () => {
        try {
          await server.close();
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
