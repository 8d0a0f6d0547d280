/** The engine's public API: the only module the app and the CLI import from the engine. */
export { compileGraph, ENTRY_NODE, type CompiledDocument } from "./compile.js";
export { runGraph, collectRun, type RunInput, type RunOptions } from "./run.js";
export type { RunEvent, RunEventBody, RunEventOf, RunEventType, EventBase, ToolCallInfo } from "./events.js";
export { EngineError, type EngineErrorCode } from "./errors.js";
export { checkExpression, evaluateExpression, evaluateCondition, ExpressionError, type ExpressionProblem } from "./expressions.js";
export { renderTemplate, renderValue, readPath } from "./template.js";
export { parseMention, routeTurn, type TurnRoute } from "./routing.js";
export { renderSystemPrompt, supervisorBlock } from "./nodes/agent.js";
export { formatDateTime } from "./defaultTools.js";
export { textOf, messageToJson } from "./runtime.js";
export { runFollowUp, followUpMessage } from "./multiagent/followUp.js";
export { createMemoryTaskStore, isOpenTask } from "./multiagent/taskStore.js";
export { scopedThreadId } from "./multiagent/hierarchy.js";
export { FOLLOW_UP_KEY } from "./multiagent/entry.js";
export type { BackgroundTasks } from "./multiagent/background.js";
export * from "./ports.js";
