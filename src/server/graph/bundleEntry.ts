/** What a server bundle's engine file exports (see src/server/bundle/buildEngine.ts). */
export { documentGraph, runtimeGraph, DOCUMENT_KEY, type ServerGraphOptions } from "./entry.js";
export { folderGraphLibrary } from "./graphLibrary.js";
export { serveDocumentOverStdio } from "../mcp/stdioServer.js";
