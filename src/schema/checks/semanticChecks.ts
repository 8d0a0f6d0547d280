/** The checks zod cannot express: uniqueness, references, edges, hierarchy and reachability. */
import type { GraphDocument } from "../document.js";
import type { IssueCode, ValidationIssue } from "../issues.js";
import { checkAgentTools, checkDelegationCycles, checkOrphanAgents } from "./delegation.js";
import { checkEdges } from "./edges.js";
import { checkBranchHandles, checkFlowChannels, checkFlowConditions, checkMissingBranches } from "./flowNodes.js";
import { type GraphIndex, indexGraph } from "./graphIndex.js";
import { checkMcpServers } from "./mcpServers.js";
import { checkEndReachable, checkUnreachableNodes } from "./reachability.js";
import { checkConditionReferences, checkKnowledgeReferences, checkMemoryEmbeddingReference, checkModelReferences, checkToolReferences } from "./references.js";
import { checkRegexes } from "./regexes.js";
import { checkGraphTests } from "./graphTests.js";
import { checkDatasets } from "./datasets.js";
import { checkForcedTools, checkPlanners, checkRouterDefault, checkRouterRules } from "./routerPlanner.js";
import type { ReadableParts } from "./readableParts.js";
import { checkStartEnd } from "./startEnd.js";
import { checkReservedNames, checkUniqueIds, checkUniqueNames } from "./uniqueness.js";

type Check = (index: GraphIndex) => ValidationIssue[];

/** In document order of concern: identity first, then structure, then reachability. */
const CHECKS: readonly Check[] = [
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
  checkKnowledgeReferences,
  checkMemoryEmbeddingReference,
  checkConditionReferences,
  checkMcpServers,
  checkRegexes,
  checkBranchHandles,
  checkMissingBranches,
  checkFlowConditions,
  checkFlowChannels,
  checkRouterRules,
  checkRouterDefault,
  checkPlanners,
  checkForcedTools,
  checkGraphTests,
  checkDatasets,
];

/**
 * Checks that would report something false when items are missing: a missing Start, an
 * unreachable node or a branch without an edge may just be an item that failed the schema.
 * The rest look at items and what they name, which holds for whatever parsed.
 */
const WHOLE_GRAPH_CHECKS: ReadonlySet<Check> = new Set([
  checkStartEnd,
  checkOrphanAgents,
  checkEndReachable,
  checkUnreachableNodes,
  checkMissingBranches,
  checkRouterDefault,
]);
/** Checks that a channel is declared, which would be false when the state is what failed. */
const STATE_CHECKS: ReadonlySet<Check> = new Set([checkFlowChannels]);

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

/** Names an item that failed the schema: kept apart by `unreadable`, so not a dangling reference. */
function namesUnreadable(issue: ValidationIssue, doc: GraphDocument, { ids, nodeNames }: ReadableParts["unreadable"]): boolean {
  const at = /^\$\.(edges|tools)\[(\d+)\]\.(source|target|config\.agent)$/.exec(issue.path);
  if (at === null) return false;
  const [, collection, index, field] = at;
  if (issue.code === "DANGLING_EDGE" && collection === "edges") {
    const edge = doc.edges[Number(index)];
    return edge !== undefined && ids.nodes.has(field === "source" ? edge.source : edge.target);
  }
  if (issue.code === "MISSING_AGENT" && collection === "tools") {
    const tool = doc.tools[Number(index)];
    return tool?.kind === "agent" && nodeNames.has(tool.config.agent);
  }
  return false;
}

/**
 * The errors the semantic checks find in the parts of a document that failed the schema but
 * could still be read, at their paths in the input. Items that failed count as existing, so an
 * edge to a node with a bad field is not also called dangling; checks over the whole graph run
 * only when every item parsed, and checks of written channels only when the state parsed.
 *
 * @example
 * checkReadableParts(readParts(raw)!) // [{ code: "DANGLING_EDGE", path: "$.edges[3].target", … }]
 */
export function checkReadableParts(parts: ReadableParts): ValidationIssue[] {
  const { doc, complete, stateRead, unreadable } = parts;
  const index = indexGraph(doc);
  const known: GraphIndex = {
    ...index,
    modelIds: new Set([...index.modelIds, ...unreadable.ids.models]),
    toolIds: new Set([...index.toolIds, ...unreadable.ids.tools]),
    conditionNames: new Set([...index.conditionNames, ...unreadable.ids.conditions]),
  };
  return CHECKS.filter((check) => (complete || !WHOLE_GRAPH_CHECKS.has(check)) && (stateRead || !STATE_CHECKS.has(check)))
    .flatMap((check) => check(known))
    .filter((issue) => !WARNING_CODES.has(issue.code) && !namesUnreadable(issue, doc, unreadable))
    .map((issue) => ({ ...issue, path: parts.inputPath(issue.path) }));
}
