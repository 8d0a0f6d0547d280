/** The graph document: schemas, types, validation and migrations. Pure; depends on zod (and re2js for user regexes). */
export * from "./document.js";
export * from "./validate.js";
export * from "./migrate.js";
export * from "./handles.js";
export * from "./parallelBranches.js";
export * from "./interrupts.js";
export * from "./ids.js";
export * from "./redact.js";
export * from "./userRegex.js";
export * from "./redactStream.js";
export * from "./secretValues.js";
export * from "./usage.js";
export * from "./knowledge.js";
export * from "./datasetEdits.js";
export * from "./mcpToolName.js";
