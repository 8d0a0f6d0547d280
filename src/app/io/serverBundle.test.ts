import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { createRedactor, REDACTED, type GraphDocument } from "../../schema/index.js";
import type { ServerEngine } from "../../server/bundle/files.js";
import { blankDocument } from "../store/nodeFactory";
import { redactDocumentForExport } from "./redactForExport";
import { serverBundleZip, subgraphDocuments } from "./serverBundle";

/** A stand-in for the prebuilt engine: the zip carries its files as they are. */
const ENGINE: ServerEngine = {
  files: { "graphwright.mjs": "export const documentGraph = () => null;\n", "nodeThread.worker.js": "// thread\n" },
  packages: { "@langchain/langgraph": "1.7.3", "@langchain/langgraph-cli": "1.5.1" },
};
const OPENAI_KEY = "sk-proj-abcDEF1234567890abcdefXYZ";
/** A key saved in Settings: no key shape, so only the engine worker's redactor knows it. */
const SAVED_KEY = "zz-saved-0123456789-abcdefghij";

function unzip(bytes: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(bytes)).map(([path, data]) => [path, strFromU8(data)]));
}

function withSubgraph(document: GraphDocument, graph: string, name = "Helper"): GraphDocument {
  return {
    ...document,
    nodes: [
      ...document.nodes,
      { id: `sub_${name}`, kind: "subgraph", position: { x: 0, y: 0 }, data: { name, graph, input: "{{ input }}", outputs: [], description: "" } },
    ],
  };
}

function withPrompt(document: GraphDocument, prompt: string): GraphDocument {
  return { ...document, nodes: document.nodes.map((n) => (n.kind === "agent" ? { ...n, data: { ...n.data, system_prompt: prompt } } : n)) };
}

function withHttpHeaders(document: GraphDocument, headers: Record<string, string>): GraphDocument {
  return {
    ...document,
    tools: [
      {
        id: "fetch",
        kind: "http",
        name: "fetch_items",
        description: "",
        input_schema: { type: "object", properties: {} },
        return_direct: false,
        destructive: false,
        config: { url: "https://api.example.com/items", method: "GET", query: {}, headers, timeout_ms: 30_000, max_response_chars: 20_000 },
      },
    ],
  };
}

describe("serverBundleZip", () => {
  it("zips every bundle file under one folder named after the graph", () => {
    const zip = serverBundleZip(blankDocument("weather-assistant", "Weather assistant"), [blankDocument("helper")], ENGINE);
    expect(zip.fileName).toBe("weather-assistant-langgraph-server.zip");
    expect(Object.keys(unzip(zip.bytes)).sort()).toEqual(
      [
        ".gitignore",
        "README.md",
        "engine/graphwright.mjs",
        "engine/nodeThread.worker.js",
        "graph.json",
        "graph.mjs",
        "graphs/helper.json",
        "langgraph.json",
        "mcp.mjs",
        "package.json",
      ].map((path) => `weather-assistant-langgraph-server/${path}`),
    );
  });

  it("serves the graph under its meta.id and pins the engine's packages", () => {
    const files = unzip(serverBundleZip(blankDocument("desk-2", "Support desk"), [], ENGINE).bytes);
    const config = JSON.parse(files["support-desk-langgraph-server/langgraph.json"] ?? "{}") as { graphs: Record<string, string> };
    expect(Object.keys(config.graphs)).toEqual(["desk-2"]);
    const pkg = JSON.parse(files["support-desk-langgraph-server/package.json"] ?? "{}") as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toEqual(ENGINE.packages);
    expect(files["support-desk-langgraph-server/engine/graphwright.mjs"]).toBe(ENGINE.files["graphwright.mjs"]);
  });

  it("leaves saved keys and key-shaped strings out of every file, subgraphs included", async () => {
    const worker = { redact: async <T>(value: T) => createRedactor([SAVED_KEY]).redactValue(value, REDACTED) };
    const open = withPrompt(blankDocument("leaky", `Leaky ${OPENAI_KEY}`), `Use ${SAVED_KEY} please.`);
    const helper = withPrompt(blankDocument("helper"), `Key: ${OPENAI_KEY} and ${SAVED_KEY}`);
    const zip = serverBundleZip(await redactDocumentForExport(open, worker), [await redactDocumentForExport(helper, worker)], ENGINE, open);
    const text = Object.values(unzip(zip.bytes)).join("\n");
    expect(text).not.toContain(OPENAI_KEY);
    expect(text).not.toContain(SAVED_KEY);
    expect(text).not.toContain("abcDEF1234567890");
    expect(zip.fileName).toBe("leaky-redacted-langgraph-server.zip");
    expect(zip.removed.sort()).toEqual(["$.meta.name", "$.nodes[1].data.system_prompt"]);
  });

  it("keeps credential headers that only name secrets and drops those that hold one", () => {
    const open = withHttpHeaders(blankDocument("api"), {
      Authorization: "Bearer {{ secrets.API_TOKEN }}",
      "X-API-Key": "k-live-123",
      Accept: "application/json",
    });
    const zip = serverBundleZip(open, [], ENGINE);
    const files = unzip(zip.bytes);
    const graph = JSON.parse(files["untitled-graph-langgraph-server/graph.json"] ?? "{}") as GraphDocument;
    const tool = graph.tools[0];
    expect(tool?.kind === "http" && tool.config.headers).toEqual({ Accept: "application/json", Authorization: "Bearer {{ secrets.API_TOKEN }}" });
    expect(zip.removed).toEqual(['$.tools[0].config.headers["X-API-Key"]']);
    expect(files["untitled-graph-langgraph-server/README.md"]).toContain("GRAPHWRIGHT_SECRET_API_TOKEN");
  });
});

describe("subgraphDocuments", () => {
  it("collects the graphs Subgraph nodes run, transitively and once each, and names the missing ones", async () => {
    const saved = new Map<string, GraphDocument>([
      ["a", withSubgraph(withSubgraph(blankDocument("a"), "b"), "root", "Back")],
      ["b", withSubgraph(withSubgraph(blankDocument("b"), "a"), "gone", "Lost")],
    ]);
    const root = withSubgraph(withSubgraph(blankDocument("root"), "a"), "b", "Second");
    const loaded: string[] = [];
    const { documents, missing } = await subgraphDocuments(root, async (id) => {
      loaded.push(id);
      return saved.get(id);
    });
    expect(documents.map((d) => d.meta.id)).toEqual(["a", "b"]);
    expect(missing).toEqual([{ graph: "gone", node: "Lost" }]);
    expect(loaded.sort()).toEqual(["a", "b", "gone"]);
  });

  it("skips Subgraph nodes with no graph chosen", async () => {
    const root = withSubgraph(blankDocument("root"), "no_graph");
    const { documents, missing } = await subgraphDocuments(root, () => Promise.reject(new Error("not asked")));
    expect(documents).toEqual([]);
    expect(missing).toEqual([]);
  });
});
