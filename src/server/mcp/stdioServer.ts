/**
 * One graph as an MCP server over stdio, run in this process: what `npm run cli -- mcp
 * <graph.json>` and a server bundle's `npm run mcp` start for Claude Desktop, Claude Code or
 * Cursor. Provider keys and tool secrets come from the environment (nodeServices); threads live
 * in the checkpointer given (in memory by default, for as long as the process).
 */
import { MemorySaver } from "@langchain/langgraph-checkpoint";
import type { BaseCheckpointSaver } from "@langchain/langgraph-checkpoint";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { compileGraph, runGraph, type GraphLibrary } from "../../engine/index.js";
import { formatIssues, validate, type GraphDocument } from "../../schema/index.js";
import { nodeServices } from "../graph/nodeServices.js";
import { graphMcpServer, type GraphTurns } from "./graphTools.js";

export interface LocalTurnsOptions {
  checkpointer?: BaseCheckpointSaver;
  /** Saved graphs for Subgraph nodes. */
  graphs?: GraphLibrary;
  env?: Record<string, string | undefined>;
}

/**
 * A document compiled in this process, as MCP tool turns. `close()` ends its MCP tool sessions.
 * @example const turns = localTurns(document); // registerGraphTools(server, [turns])
 */
export function localTurns(document: GraphDocument, options: LocalTurnsOptions = {}): GraphTurns & { close(): Promise<void> } {
  const services = nodeServices(document, {
    checkpointer: options.checkpointer ?? new MemorySaver(),
    ...(options.graphs ? { graphs: options.graphs } : {}),
    ...(options.env ? { env: options.env } : {}),
  });
  const compiled = compileGraph(document, services);
  return {
    meta: document.meta,
    run: (input, threadId, signal) => runGraph(compiled, input, { threadId, signal }),
    close: () => services.tools.close(),
  };
}

/**
 * Serves `document` as one MCP tool on stdin/stdout until the client closes the stream.
 * Nothing else may write to stdout: it carries the protocol.
 * @example await serveGraphOverStdio(document, { graphs: folderGraphLibrary("examples") });
 */
export async function serveGraphOverStdio(document: GraphDocument, options: LocalTurnsOptions = {}): Promise<void> {
  const turns = localTurns(document, options);
  const server = graphMcpServer([turns]);
  const closed = new Promise<void>((resolve) => (server.server.onclose = resolve));
  const transport = new StdioServerTransport();
  // The client closing stdin ends the server (the SDK's transport does not notice by itself).
  process.stdin.once("end", () => void server.close());
  await server.connect(transport);
  await closed;
  await turns.close();
}

/**
 * A server bundle's `npm run mcp`: its graph.json, checked first, served over stdio.
 * @example await serveDocumentOverStdio(JSON.parse(readFileSync("graph.json", "utf8")), { graphs });
 */
export async function serveDocumentOverStdio(input: unknown, options: LocalTurnsOptions = {}): Promise<void> {
  const checked = validate(input);
  if (!checked.ok) throw new Error(`graph.json is not a valid Graphwright graph:\n${formatIssues(checked.errors)}`);
  await serveGraphOverStdio(checked.document, options);
}
