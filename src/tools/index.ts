/** Tool kinds the engine can run. */
export { createToolResolver } from "./resolver.js";
export { builtinTool, builtinInputSchemas } from "./builtin.js";
export { mockTool } from "./mock.js";
export { runnableTool, toolRunners, type ToolRunner } from "./registry.js";
export { httpTool, type HttpToolResult } from "./http.js";
export { envSecrets, type ToolSecrets, type ToolServices } from "./services.js";
export { mcpTool, toolResult as mcpToolResult, type McpImage, type McpRichResult } from "./mcp.js";
export { McpSessionPool, McpCallError, MAX_LISTED_TOOLS, type McpEndpoint, type McpToolListing } from "./mcpSessions.js";
export { javascriptTool, JavaScriptToolError } from "./javascript.js";
export type { CodeSandbox, SandboxFailureCode, SandboxOutcome, SandboxRequest } from "./sandbox/types.js";
export { chunkFile, type ChunkOptions, type KnowledgeChunk } from "./knowledge/chunks.js";
export { createKnowledgeIndex, loadKnowledgeIndex, type KnowledgeHit, type KnowledgeIndex, type SavedKnowledgeIndex } from "./knowledge/searchIndex.js";
export { embeddingWarnings, packedKnowledgeSearch, unpackedKnowledgeWarnings } from "./knowledge/packedKnowledge.js";
