/**
 * The engine's public API: the only module the app, the CLI, bench and tests outside the
 * engine import from the engine. Every export carries an `@example` (publicApi.test.ts).
 */
export { compileGraph, ENTRY_NODE, type CompiledDocument } from "./compile.js";
export { runGraph, collectRun, type RunInput, type RunOptions } from "./run.js";
export { DELTA_CHANNELS } from "./state.js";
export { replayModels, replayServices, type ReplayedReply } from "./replay.js";
export { runTests, type AssertionResult, type RunTestsOptions, type TestProgress, type TestResult, type TestsReport } from "./regression/runTests.js";
export { checkAssertion, turnFacts, type AssertionOutcome, type TurnFacts } from "./regression/assertionChecks.js";
export * from "./evaluation/index.js";
export { toldBy, untoldTurn, type CallPlace } from "./continuedRun.js";
export type { RunEvent, RunEventBody, RunEventOf, EventBase } from "./events.js";
export { EngineError, type EngineErrorCode } from "./errors.js";
export { evaluateCondition, ExpressionError } from "./expressions.js";
export { renderTemplate, renderValue } from "./template.js";
export { protectResultRefs, restoreResultRefs } from "./flows/resultRefs.js";
export { parseMention } from "./routing.js";
export { textOf, messageToJson } from "./runtime.js";
export { randomId } from "./randomId.js";
export { USAGE_ESTIMATED_KEY } from "./callUsage.js";
export { interruptedBy, INTERRUPTED_KEY, type InterruptedBy } from "./partialReplies.js";
export { runFollowUp, followUpMessage } from "./multiagent/followUp.js";
export { isOpenTask } from "./multiagent/taskStore.js";
export { memoryAgent, memoryGraphPrefix, memoryNamespace } from "./multiagent/memoryTools.js";
export { scopedThreadId } from "./multiagent/hierarchy.js";
export { pendingInterrupts, prepareResume, readResumeAnswer, toPending, type ResumeRequest } from "./resume.js";
export { turnEvents, type TurnEvents, type TurnEventsOptions, type CallPosition } from "./turnEvents.js";
export {
  ModelError,
  type BackgroundTask,
  type BackgroundTaskStore,
  type ChatModelPort,
  type Clock,
  type EngineServices,
  type GraphLibrary,
  type KnowledgePassage,
  type KnowledgeSearch,
  type KnowledgeSearchResult,
  type IdSource,
  type ModelCallOptions,
  type ModelErrorKind,
  type ModelRequest,
  type ModelResolver,
  type RunnableTool,
  type SecretUseRequest,
  type ToolContext,
  type ToolResolver,
  type ToolSpec,
} from "./ports.js";
export {
  describeInterrupt,
  describeResume,
  type ApprovalInterrupt,
  type BreakpointAnswer,
  type BreakpointInterrupt,
  type InterruptPayload,
  type QuestionInterrupt,
  type SecretAnswer,
  type SecretDecision,
  type SecretInterrupt,
} from "./interrupts.js";
export { BREAKPOINTS_KEY, breakable, editedValues, type Breakpoint } from "./breakpoints.js";
export { forkAtPause, type PauseFork } from "./forkPause.js";
