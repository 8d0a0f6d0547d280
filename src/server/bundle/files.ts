/**
 * The files of a LangGraph server bundle for one document: `langgraph.json`, a package.json
 * pinning the engine's packages and the LangGraph CLI, the document, the prebuilt engine and a
 * README. Pure, so the CLI writes them to a folder and the app zips them.
 */
import type { GraphDocument } from "../../schema/index.js";

/** File names inside the bundle's `engine/` folder. */
export const ENGINE_FILE = "graphwright.mjs";
export const THREAD_FILE = "nodeThread.worker.js";

/** The prebuilt engine a bundle carries (see buildEngine.ts). */
export interface ServerEngine {
  /** `engine/` folder contents by file name. */
  files: Record<string, string>;
  /** Exact versions of every package the bundle depends on, by name. */
  packages: Record<string, string>;
}

/** Where each file goes, by path inside the bundle. */
export type BundleFiles = Record<string, string>;

const GRAPH_MODULE = `// Compiles graph.json with the Graphwright engine; langgraph.json serves it as "graph".
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { documentGraph, folderGraphLibrary } from "./engine/${ENGINE_FILE}";

const document = JSON.parse(readFileSync(new URL("./graph.json", import.meta.url), "utf8"));
// Subgraph nodes find the graphs they run in graphs/, by meta.id.
const graphs = folderGraphLibrary(fileURLToPath(new URL("./graphs/", import.meta.url)));

export const graph = documentGraph(document, { graphs });
`;

const MCP_MODULE = `// Serves graph.json as an MCP tool over stdio (npm run --silent mcp), for Claude Desktop, Claude Code or Cursor.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { folderGraphLibrary, serveDocumentOverStdio } from "./engine/${ENGINE_FILE}";

const document = JSON.parse(readFileSync(new URL("./graph.json", import.meta.url), "utf8"));
const graphs = folderGraphLibrary(fileURLToPath(new URL("./graphs/", import.meta.url)));

await serveDocumentOverStdio(document, { graphs });
`;

function readme(document: GraphDocument, graphId: string): string {
  const providers = [...new Set(document.models.map((m) => m.provider))].filter((p) => p !== "scripted");
  const secrets = [...new Set(JSON.stringify(document.tools).match(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g) ?? [])].map((s) => s.slice("secrets.".length));
  const variables = [
    ...providers.map((p) => `- \`${p === "openai" ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY"}\`: the ${p} key the graph's models use.`),
    ...secrets.map(
      (name) =>
        `- \`GRAPHWRIGHT_SECRET_${name}\`: the tool secret \`${name}\`; \`GRAPHWRIGHT_SECRET_${name}_ORIGINS\`: the origins it may be sent to, comma-separated (it goes nowhere else).`,
    ),
  ];
  // The MCP configuration names the same variables, with placeholders: a key is never written here.
  const envNames = [
    ...providers.map((p) => (p === "openai" ? "OPENAI_API_KEY" : "ANTHROPIC_API_KEY")),
    ...secrets.flatMap((name) => [`GRAPHWRIGHT_SECRET_${name}`, `GRAPHWRIGHT_SECRET_${name}_ORIGINS`]),
  ];
  const mcpEnv = Object.fromEntries(envNames.map((name) => [name, `<${name}>`]));
  return `# ${document.meta.name} — LangGraph server

Exported from Graphwright. The graph \`${graphId}\` takes and returns the standard \`messages\`
state, so \`@langchain/langgraph-sdk\`, LangGraph Studio and Agent Chat UI can talk to it.

## Run it locally

\`\`\`sh
npm install
npx langgraphjs dev --no-browser --port 2024
\`\`\`

Then, from any LangGraph client:

\`\`\`js
import { Client } from "@langchain/langgraph-sdk";
const client = new Client({ apiUrl: "http://localhost:2024" });
const thread = await client.threads.create();
const state = await client.runs.wait(thread.thread_id, "${graphId}", {
  input: { messages: [{ role: "user", content: "Hello" }] },
});
\`\`\`

A run that pauses for a person (an approval, a question, a destructive tool) stops with the
server's \`__interrupt__\`; answer it with a resume command, e.g.
\`{ command: { resume: { decision: "approve" } } }\` or \`{ command: { resume: { option_id: "…" } } }\`.

## Use it from Claude Desktop, Claude Code or Cursor (MCP)

\`npm run --silent mcp\` serves the graph as one MCP tool, \`${document.meta.id}\`, over stdio
(\`--silent\` keeps npm's own lines off stdout, which carries the protocol). The tool takes
\`{ message, thread_id? }\` and returns the reply, with the \`thread_id\` to continue the
conversation; when the run pauses for a person the result says what it asks, and a second
call with that \`thread_id\` and an \`answer\` (\`{"decision":"approve"}\`, \`{"option_id":"…"}\`)
continues it. Threads last as long as the process. After \`npm install\`, add it to Claude
Desktop's \`claude_desktop_config.json\` or Cursor's \`.cursor/mcp.json\` (the folder's absolute path):

\`\`\`json
${JSON.stringify({ mcpServers: { [document.meta.id]: { command: "node", args: ["/absolute/path/to/this/folder/mcp.mjs"], env: mcpEnv } } }, null, 2)}
\`\`\`

or to Claude Code: \`claude mcp add ${document.meta.id} -- node /absolute/path/to/this/folder/mcp.mjs\`.

## Environment variables

${variables.length > 0 ? variables.join("\n") : "None: this graph runs on the built-in scripted model and needs no keys."}

Set them in the shell or in a \`.env\` file next to \`langgraph.json\`. They stay on the server:
nothing in this folder contains a key.

## Production

\`npx langgraphjs build -t ${graphId}\` builds a container image (Docker needed). LangGraph's
server image keeps threads in Postgres and queues runs in Redis: give the container
\`DATABASE_URI\` and \`REDIS_URI\`, and run as many replicas as the traffic needs. \`langgraphjs
dev\` keeps everything in memory (and in \`.langgraph_api/\`) and is meant for one machine.

## What is here

- \`graph.json\`: the Graphwright document (no keys or secrets). Its knowledge bases are
  searched from the files' text it carries when it was exported with "include knowledge
  bases", indexed in memory on a base's first search. A base with an embeddings model
  profile has its chunks embedded then too (with \`OPENAI_API_KEY\`) and is searched hybrid;
  without the key it is searched by full text, and its search results say why. Agents'
  long-term memories live in the server's store; with a memory embeddings model profile
  (\`settings.memory_embedding_profile\`) and \`OPENAI_API_KEY\`, recall ranks them by meaning
  (vectors are kept in the server process and made again after a restart); without the key,
  by words, and the server's log says why once.
- \`graph.mjs\`: compiles it with the engine; \`langgraph.json\` points at it.
- \`engine/\`: the Graphwright engine, prebuilt (no TypeScript toolchain needed).
- \`graphs/\`: graphs that Subgraph nodes run, if any.
`;
}

/**
 * @example
 * const files = serverBundleFiles(document, await buildServerEngine());
 * files["langgraph.json"]; // { "graphs": { "weather-assistant": "./graph.mjs:graph" }, … }
 */
export function serverBundleFiles(document: GraphDocument, engine: ServerEngine, subgraphs: readonly GraphDocument[] = []): BundleFiles {
  const graphId = document.meta.id;
  const name =
    graphId
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "graph";
  const files: BundleFiles = {
    "langgraph.json": `${JSON.stringify({ node_version: "20", graphs: { [graphId]: "./graph.mjs:graph" }, dependencies: ["."] }, null, 2)}\n`,
    "package.json": `${JSON.stringify(
      {
        name: `${name}-langgraph-server`,
        private: true,
        type: "module",
        description: `${document.meta.name}, exported from Graphwright as a LangGraph server.`,
        engines: { node: ">=20" },
        scripts: { start: "langgraphjs dev --no-browser", build: `langgraphjs build -t ${name}`, mcp: "node mcp.mjs" },
        dependencies: engine.packages,
      },
      null,
      2,
    )}\n`,
    "graph.json": `${JSON.stringify(document, null, 2)}\n`,
    "graph.mjs": GRAPH_MODULE,
    "mcp.mjs": MCP_MODULE,
    "README.md": readme(document, graphId),
    ".gitignore": "node_modules/\n.langgraph_api/\n.env\n",
    [`engine/${ENGINE_FILE}`]: engine.files[ENGINE_FILE] as string,
    [`engine/${THREAD_FILE}`]: engine.files[THREAD_FILE] as string,
  };
  for (const sub of subgraphs) files[`graphs/${sub.meta.id.replace(/[^A-Za-z0-9_.-]+/g, "_")}.json`] = `${JSON.stringify(sub, null, 2)}\n`;
  return files;
}
