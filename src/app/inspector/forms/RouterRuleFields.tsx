// The fields of one Router rule: which route it picks, how it matches (keyword, regex or CEL)
// and whether it is a gate rule (tried before all others).
import { USER_REGEX_FLAGS, userRegexProblem, type RouterRule } from "../../../schema/index.js";
import { useEditorShallow } from "../../store/hooks";
import { CheckboxField } from "../fields/CheckboxField";
import { ExpressionField } from "../fields/ExpressionField";
import type { Option } from "../fields/SelectField";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";

const MATCHES = [
  { value: "keyword", label: "Keyword (any of the words)" },
  { value: "regex", label: "Regular expression" },
  { value: "cel", label: "CEL condition" },
];

/** The problem of a regex pattern with flags as a sentence, or null when it compiles on the linear-time engine. */
export function regexProblem(pattern: string, flags: string): string | null {
  const problem = userRegexProblem(pattern, flags);
  return problem === undefined ? null : `The pattern ${problem}.`;
}

/** Keywords typed as a comma-separated list. */
export function parseKeywords(text: string): string[] {
  return [
    ...new Set(
      text
        .split(",")
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

export function RouterRuleFields({ rule, routes, patch }: { rule: RouterRule; routes: readonly Option[]; patch(patch: Partial<RouterRule>): void }) {
  const conditions = useEditorShallow((s) => s.document.conditions.map((c) => c.name));
  return (
    <>
      <TextField
        label="Rule id"
        value={rule.id}
        mono
        onCommit={(text) => /^[A-Za-z0-9_-]+$/.test(text.trim()) && patch({ id: text.trim() })}
        hint="Recorded in the route plan as the rule that decided."
      />
      <SelectField label="Route" value={rule.route} options={routes} onChange={(route) => patch({ route })} />
      <SelectField label="Match" value={rule.match} options={MATCHES} onChange={(match) => patch({ match: match as RouterRule["match"] })} />
      {rule.match === "keyword" && (
        <TextField
          label="Keywords"
          value={rule.keywords.join(", ")}
          onCommit={(text) => patch({ keywords: parseKeywords(text) })}
          hint="Comma-separated; any whole word matches, ignoring case."
        />
      )}
      {rule.match === "regex" && (
        <>
          <TextField
            label="Pattern"
            value={rule.pattern ?? ""}
            mono
            onCommit={(pattern) => patch({ pattern })}
            hint={(text) => {
              const problem = regexProblem(text, rule.flags);
              return problem ? <span className="text-red-600 dark:text-red-400">{problem}</span> : "Tested against the router's input text.";
            }}
          />
          <TextField
            label="Flags"
            value={rule.flags}
            mono
            onCommit={(flags) => USER_REGEX_FLAGS.test(flags) && patch({ flags })}
            hint="i m s u, each at most once."
          />
        </>
      )}
      {rule.match === "cel" && (
        <ExpressionField
          label="Expression"
          value={rule.expression ?? ""}
          suggestions={conditions}
          onCommit={(expression) => patch({ expression })}
          hint="CEL over state, input, text and results, or a condition's name."
        />
      )}
      <CheckboxField
        label="Gate"
        checked={rule.gate}
        onChange={(gate) => patch({ gate })}
        hint="Gate rules (e.g. a crisis gate) are tried before every other rule."
      />
    </>
  );
}
