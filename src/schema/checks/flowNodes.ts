/**
 * Checks for the flow kinds (If, Switch, Loop, Parallel, Set state, Subgraph): edges leave
 * branching nodes from handles they have, every branching node has its fallback branch
 * (If `false`, Switch `default`, Loop `body` and `exit`), named conditions exist, and the
 * channels they write are declared.
 */
import { nodeLabel, quote } from "../describe.js";
import type { GraphNode } from "../document.js";
import { isBranchingKind, outputHandles } from "../handles.js";
import type { ValidationIssue } from "../issues.js";
import { BUILTIN_CHANNELS } from "../builtinChannels.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CEL_LITERALS: ReadonlySet<string> = new Set(["true", "false", "null"]);

/** Handles a kind must have an edge from, with the reason a person reads. */
const REQUIRED: Partial<Record<GraphNode["kind"], { handle: string; why: string }[]>> = {
  if: [{ handle: "false", why: "the run has nowhere to go when the condition is false" }],
  switch: [{ handle: "default", why: "a value that matches no case has nowhere to go" }],
  loop: [
    { handle: "body", why: "the loop has nothing to repeat" },
    { handle: "exit", why: "the run has nowhere to go when the loop ends" },
  ],
};

/**
 * An edge leaving a branching node names one of its handles in `source_handle`.
 * @example checkBranchHandles(indexGraph(doc)) // [{ code: "UNKNOWN_HANDLE", path: "$.edges[3].source_handle", … }]
 */
export function checkBranchHandles({ connected, nodes }: GraphIndex): ValidationIssue[] {
  return connected.flatMap(({ edge, index }) => {
    const source = nodes.get(edge.source)?.node;
    if (!source || edge.kind === "delegation" || !isBranchingKind(source.kind)) return [];
    const handles = outputHandles(source).map((h) => h.id);
    if (edge.source_handle !== undefined && handles.includes(edge.source_handle)) return [];
    const named = edge.source_handle === undefined ? "no branch" : `branch ${quote(edge.source_handle)}`;
    return [
      issueAt(
        "UNKNOWN_HANDLE",
        ["edges", index, "source_handle"],
        `Edge ${quote(edge.id)} leaves ${nodeLabel(source)} from ${named}; it has ${handles.map((h) => quote(h)).join(", ")}`,
        source,
      ),
    ];
  });
}

/**
 * Every If has a false branch, every Switch a default, every Loop a body and an exit.
 * @example checkMissingBranches(indexGraph(doc)) // [{ code: "MISSING_BRANCH", message: 'If node "gate" has no "false" branch; …' }]
 */
export function checkMissingBranches({ doc, connected }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    for (const { handle, why } of REQUIRED[node.kind] ?? []) {
      if (connected.some(({ edge }) => edge.source === node.id && edge.kind !== "delegation" && edge.source_handle === handle)) continue;
      issues.push(
        issueAt(
          "MISSING_BRANCH",
          ["nodes", i],
          `${sentenceLabel(node)} has no ${quote(handle)} branch; ${why}. Connect it (to End if nothing should happen)`,
          node,
        ),
      );
    }
  });
  return issues;
}

/**
 * A bare name in an If or Loop condition must be a registered condition.
 * @example checkFlowConditions(indexGraph(doc)) // [{ code: "MISSING_CONDITION", path: "$.nodes[2].data.condition", … }]
 */
export function checkFlowConditions({ doc, conditionNames }: GraphIndex): ValidationIssue[] {
  return doc.nodes.flatMap((node, i) => {
    if (node.kind !== "if" && node.kind !== "loop") return [];
    const condition = node.data.condition.trim();
    if (!IDENTIFIER.test(condition) || CEL_LITERALS.has(condition) || conditionNames.has(condition)) return [];
    return [
      issueAt(
        "MISSING_CONDITION",
        ["nodes", i, "data", "condition"],
        `${sentenceLabel(node)} uses condition ${quote(condition)}, which is not a registered condition; add it to conditions or write a CEL expression such as state.done == true`,
        node,
      ),
    ];
  });
}

/**
 * Set state assignments and Subgraph outputs write channels the document declares.
 * @example checkFlowChannels(indexGraph(doc)) // [{ code: "MISSING_CHANNEL", path: "$.nodes[4].data.assignments[0].channel", … }]
 */
export function checkFlowChannels({ doc }: GraphIndex): ValidationIssue[] {
  const declared = new Set(doc.state.channels.map((c) => c.name));
  const builtin: ReadonlySet<string> = new Set(BUILTIN_CHANNELS);
  const issues: ValidationIssue[] = [];
  const require = (node: GraphNode, path: (string | number)[], channel: string) => {
    if (declared.has(channel)) return;
    const hint = builtin.has(channel) ? `${quote(channel)} is a built-in channel the engine manages` : `add ${quote(channel)} under State`;
    issues.push(
      issueAt("MISSING_CHANNEL", path, `${sentenceLabel(node)} writes state channel ${quote(channel)}, which the graph does not declare; ${hint}`, node),
    );
  };
  doc.nodes.forEach((node, i) => {
    if (node.kind === "set_state") node.data.assignments.forEach((a, j) => require(node, ["nodes", i, "data", "assignments", j, "channel"], a.channel));
    if ((node.kind === "approval" || node.kind === "question") && node.data.output_channel)
      require(node, ["nodes", i, "data", "output_channel"], node.data.output_channel);
    if (node.kind === "subgraph") {
      if (node.data.output_channel) require(node, ["nodes", i, "data", "output_channel"], node.data.output_channel);
      node.data.outputs.forEach((o, j) => require(node, ["nodes", i, "data", "outputs", j, "to"], o.to));
    }
  });
  return issues;
}
