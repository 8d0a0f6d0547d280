/** Evaluations: datasets run on variants, scored by evaluators; what the engine worker and the CLI call. */
export { runEvaluation, type EvaluationProgress, type EvaluationRequest, type RunEvaluationOptions } from "./runEvaluation.js";
export { applyVariant, variantsFor, variantsOfProfiles, AS_DRAWN } from "./variants.js";
export { scoreCase, matchExpected } from "./evaluators.js";
export { runJudge, readJudgeAnswer, judgePrompt, type JudgedCase } from "./judge.js";
export { wordOverlap, cosineSimilarity } from "./similarity.js";
export { summarize, quantile } from "./summary.js";
export type { CaseFacts, CaseResult, EmbeddingsPort, EvaluationResult, EvaluationServices, EvaluatorScore, VariantSummary } from "./types.js";
export { compareEvaluations, type CaseChange, type EvaluationComparison } from "./compare.js";
