/** Regular expressions in scripts and mock tools compile, so a typo shows at import, not mid-run. */
import type { ValidationIssue } from "../issues.js";
import type { PathSegment } from "../jsonPath.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";
import { quote } from "../describe.js";

/** The engine's error text for a pattern that does not compile, or `undefined` when it does. */
function regexError(pattern: string, flags = ""): string | undefined {
  try {
    new RegExp(pattern, flags);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function checkRegexes({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  doc.nodes.forEach((node, i) => {
    if (node.kind !== "agent" && node.kind !== "llm") return;
    node.data.script?.rules.forEach((rule, k) => {
      if (rule.match === undefined) return;
      const error = regexError(rule.match, rule.flags);
      const at: PathSegment[] = ["nodes", i, "data", "script", "rules", k, "match"];
      if (error !== undefined)
        issues.push(
          issueAt("INVALID_VALUE", at, `${sentenceLabel(node)}: script rule ${k + 1} has a pattern that is not a valid regular expression (${error})`, node),
        );
    });
  });
  doc.tools.forEach((tool, i) => {
    if (tool.kind !== "mock") return;
    tool.config.responses.forEach((response, k) => {
      if (response.when === undefined) return;
      const error = regexError(response.when);
      const at: PathSegment[] = ["tools", i, "config", "responses", k, "when"];
      if (error !== undefined)
        issues.push(
          issueAt("INVALID_VALUE", at, `Tool ${quote(tool.name)}: response ${k + 1} has a pattern that is not a valid regular expression (${error})`),
        );
    });
  });
  return issues;
}
