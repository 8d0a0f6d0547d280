/**
 * The generated src/graph.ts code of seed 003's Switch and Parallel nodes. A Switch does no work:
 * its conditional edge follows the first case equal to its value. A Parallel does no work either:
 * its plain edges fan out, and graphFile.ts wires its join as one multi-source edge; where its
 * branch nodes could exceed `max_concurrency` (or have a timeout) they run bounded (src/parallel.ts).
 */
import { docComment, stringLiteral, valueLiteral } from "./escape.js";
import { comparedValueCode } from "./conditionCode.js";
import type { Writer } from "./flowNodes.js";
import { descriptionOf, type EjectPlan } from "./plan.js";

export const switchNode: Writer<"switch"> = (plan, node, fn) => {
  const { name, variable, cases } = node.data;
  const value = comparedValueCode(plan, variable, `${name}: variable`);
  const pairs = cases.map((c) => `[${stringLiteral(c.id)}, ${valueLiteral(c.value)}]`);
  const listed = cases.map((c) => `${JSON.stringify(c.value)} → \`${c.id}\``).join(", ");
  return {
    code: `${docComment(`${descriptionOf(node) || name}\nGoes on through the first case equal to ${variable} (same type and value: ${listed || "no cases"}), through \`default\` otherwise.`)}async function ${fn}(_state: State): Promise<Update> {
  return {};
}`,
    handle: `caseOf(${value}, [${pairs.join(", ")}])`,
  };
};

const nameOfNode = (plan: EjectPlan, id: string) => plan.graphNames.get(id) ?? id;

export const parallel: Writer<"parallel"> = (plan, node, fn) => {
  const { name, max_concurrency: max, timeout_ms: timeout } = node.data;
  const found = plan.parallels.find((p) => p.parallel.id === node.id);
  const starts = [...new Set(plan.document.edges.filter((e) => e.source === node.id && e.kind === "flow").map((e) => e.target))];
  const branches = starts.map((id) => `"${nameOfNode(plan, id)}"`).join(", ");
  const join = found?.join ? `; "${nameOfNode(plan, found.join)}" waits for all of them` : "";
  const bound = plan.branchBounds.get(node.id);
  const limits = `at most ${max} at a time${timeout === undefined ? "" : `, each within ${timeout} ms (a slower one is abandoned and its result records the timeout)`}`;
  const options = [`parallel: ${stringLiteral(name)}`, `maxConcurrency: ${max}`, ...(timeout === undefined ? [] : [`timeoutMs: ${timeout}`])];
  const boundCode = bound ? `${docComment(`${name}'s branch nodes run ${limits}.`)}const ${bound} = parallelBranches({ ${options.join(", ")} });\n\n` : "";
  return {
    code: `${boundCode}${docComment(`${descriptionOf(node) || name}\nRuns its branches (${branches || "none"}) at once${bound ? `, their nodes ${limits}` : ""}${join}.`)}async function ${fn}(_state: State): Promise<Update> {
  return {};
}`,
  };
};

/**
 * A node's function as graph.ts adds it: a branch node of a bounded Parallel runs inside its
 * bounds, the outermost Parallel's first.
 * @example inBranchBounds(plan, "tasks", "Tasks", "tasks") // 'fanBranches("Tasks", tasks)'
 */
export function inBranchBounds(plan: EjectPlan, nodeId: string, name: string, fn: string): string {
  const bounds = plan.parallels.flatMap((p) =>
    p.region.has(nodeId) && plan.branchBounds.has(p.parallel.id) ? [plan.branchBounds.get(p.parallel.id) as string] : [],
  );
  return bounds.reduceRight((inner, bound) => `${bound}(${stringLiteral(name)}, ${inner})`, fn);
}

/**
 * Where Parallels' branches meet, the join waits for all of them: one multi-source edge into each
 * join (its sources by node id), in place of the edges it is made of.
 */
export function parallelJoins(plan: EjectPlan): { joinEdges: ReadonlySet<string>; joins: ReadonlyMap<string, string[]> } {
  const joinEdges = new Set(plan.parallels.flatMap((p) => p.joinEdges.map((e) => e.id)));
  const joins = new Map<string, string[]>();
  for (const { join, joinEdges: into } of plan.parallels) {
    if (join !== null) joins.set(join, [...new Set([...(joins.get(join) ?? []), ...into.map((e) => e.source)])]);
  }
  return { joinEdges, joins };
}
