/**
 * `npm run cli -- mcp <graph.json> [--checkpoint <store>] [--graphs <dir>]`: the graph as an MCP
 * server over stdio (src/server/mcp) until the client closes it, for Claude Desktop, Claude Code
 * or Cursor. stdout carries the protocol, so warnings go to stderr; keys and tool secrets come
 * from the environment, as for `run`.
 */
import { dirname } from "node:path";
import type { GraphDocument } from "../schema/index.js";
import { folderGraphLibrary } from "../server/graph/graphLibrary.js";
import { serveGraphOverStdio } from "../server/mcp/stdioServer.js";
import { checkpointSpecOrFail, openCheckpointerOrFail } from "./checkpointer.js";

export interface McpCommandContext {
  readDocument(file: string): Promise<GraphDocument>;
  fail(message: string, code?: number): never;
  /** Warnings about the document (knowledge bases without their text), on stderr. */
  warn(document: GraphDocument): void;
  usage: string;
}

export async function mcpCommand(file: string | undefined, options: { checkpoint: string; graphs?: string }, context: McpCommandContext): Promise<number> {
  if (!file) context.fail(`mcp needs a graph file.\n\n${context.usage}`);
  const spec = checkpointSpecOrFail(options.checkpoint, context.fail);
  const document = await context.readDocument(file);
  context.warn(document);
  const checkpoint = await openCheckpointerOrFail(spec, context.fail);
  try {
    await serveGraphOverStdio(document, {
      graphs: folderGraphLibrary(options.graphs ?? dirname(file)),
      ...(checkpoint.saver ? { checkpointer: checkpoint.saver } : {}),
    });
  } finally {
    await checkpoint.close();
  }
  return 0;
}
