/**
 * Regular expressions in scripts and mock tools compile on the linear-time engine, so a typo
 * or an unsupported construct (a backreference, a lookahead) shows at import, not mid-run.
 */
import type { ValidationIssue } from "../issues.js";
import type { PathSegment } from "../jsonPath.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";
import { quote } from "../describe.js";
import { userRegexProblem } from "../userRegex.js";

export function checkRegexes({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.kind !== "agent" && node.kind !== "llm") return;
    node.data.script?.rules.forEach((rule, k) => {
      if (rule.match === undefined) return;
      const error = userRegexProblem(rule.match, rule.flags ?? "i");
      const at: PathSegment[] = ["nodes", i, "data", "script", "rules", k, "match"];
      if (error !== undefined) issues.push(issueAt("INVALID_VALUE", at, `${sentenceLabel(node)}: script rule ${k + 1} has a pattern that ${error}`, node));
    });
  });
  doc.tools.forEach((tool, i) => {
    if (tool.kind !== "mock") return;
    tool.config.responses.forEach((response, k) => {
      if (response.when === undefined) return;
      const error = userRegexProblem(response.when, "i");
      const at: PathSegment[] = ["tools", i, "config", "responses", k, "when"];
      if (error !== undefined) issues.push(issueAt("INVALID_VALUE", at, `Tool ${quote(tool.name)}: response ${k + 1} has a pattern that ${error}`));
    });
  });
  return issues;
}
