/** The checks zod cannot express: uniqueness, references, edges, hierarchy and reachability. */
import type { GraphDocument } from "../document.js";
import type { IssueCode, ValidationIssue } from "../issues.js";
import { checkAgentTools, checkDelegationCycles, checkOrphanAgents } from "./delegation.js";
import { checkEdges } from "./edges.js";
import { checkBranchHandles, checkFlowChannels, checkFlowConditions, checkMissingBranches } from "./flowNodes.js";
import { type GraphIndex, indexGraph } from "./graphIndex.js";
import { checkEndReachable, checkUnreachableNodes } from "./reachability.js";
import { checkConditionReferences, checkModelReferences, checkToolReferences } from "./references.js";
import { checkRegexes } from "./regexes.js";
import { checkForcedTools, checkPlanners, checkRouterDefault, checkRouterRules } from "./routerPlanner.js";
import { checkStartEnd } from "./startEnd.js";
import { checkReservedNames, checkUniqueIds, checkUniqueNames } from "./uniqueness.js";

/** In document order of concern: identity first, then structure, then reachability. */
const CHECKS: readonly ((index: GraphIndex) => ValidationIssue[])[] = [
  checkUniqueIds,
  checkUniqueNames,
  checkReservedNames,
  checkStartEnd,
  checkEdges,
  checkDelegationCycles,
  checkOrphanAgents,
  checkAgentTools,
  checkEndReachable,
  checkUnreachableNodes,
  checkModelReferences,
  checkToolReferences,
  checkConditionReferences,
  checkRegexes,
  checkBranchHandles,
  checkMissingBranches,
  checkFlowConditions,
  checkFlowChannels,
  checkRouterRules,
  checkRouterDefault,
  checkPlanners,
  checkForcedTools,
];

/** Findings that do not stop a document from loading or running. */
const WARNING_CODES: ReadonlySet<IssueCode> = new Set(["UNREACHABLE_NODE"]);

/**
 * Every semantic finding about a document that already matches the schema.
 *
 * @example
 * const { errors, warnings } = checkSemantics(graphDocumentSchema.parse(raw));
 */
export function checkSemantics(doc: GraphDocument): { errors: ValidationIssue[]; warnings: ValidationIssue[] } {
  const index = indexGraph(doc);
  const findings = CHECKS.flatMap((check) => check(index));
  return {
    errors: findings.filter((issue) => !WARNING_CODES.has(issue.code)),
    warnings: findings.filter((issue) => WARNING_CODES.has(issue.code)),
  };
}
