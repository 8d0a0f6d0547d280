/**
 * The tests of a document: unique ids, and every user regex in an assertion compiles on the
 * linear-time engine, so a bad pattern shows at import with its path, not when the test runs.
 */
import { assertionRegexes } from "../assertions.js";
import { quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import { userRegexProblem } from "../userRegex.js";
import { type GraphIndex, issueAt } from "./graphIndex.js";

export function checkGraphTests({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  (doc.tests ?? []).forEach((test, i) => {
    if (seen.has(test.id))
      issues.push(issueAt("DUPLICATE_ID", ["tests", i, "id"], `Test ${quote(test.name)} has the id ${quote(test.id)}, which another test already uses`));
    seen.add(test.id);
    test.assertions.forEach((assertion, k) => {
      for (const { at, pattern, flags } of assertionRegexes(assertion)) {
        const error = userRegexProblem(pattern, flags);
        if (error !== undefined)
          issues.push(
            issueAt("INVALID_VALUE", ["tests", i, "assertions", k, ...at], `Test ${quote(test.name)}: assertion ${k + 1} has a pattern that ${error}`),
          );
      }
    });
  });
  return issues;
}
