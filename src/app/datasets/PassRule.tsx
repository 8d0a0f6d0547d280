// A dataset's pass rule: how a reply is held against a case's expected output, the regex
// rule's flags, and the expected patterns the linear-time regex engine refuses, named live.
import { useId, useMemo, useState } from "react";
import { datasetMatchSchema, USER_REGEX_FLAGS, type Dataset } from "../../schema/index.js";
import { errorText, fieldLabel, textInput } from "../shell/styles";
import { patternProblems } from "./caseCells";

const MATCH_TITLES: Record<Dataset["match"], string> = {
  contains: "Reply contains the expected text (any case)",
  exact: "Reply is exactly the expected text",
  regex: "Reply matches the expected pattern (regex)",
  judge: "The judge evaluators decide",
  none: "No rule: only the evaluators decide",
};

export function PassRule({ dataset, onChange }: { dataset: Dataset; onChange(change: (d: Dataset) => Dataset): void }) {
  const matchId = useId();
  const flagsId = useId();
  const edit = onChange;
  const problems = useMemo(() => patternProblems(dataset), [dataset]);
  return (
    <>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-64 flex-1">
          <label htmlFor={matchId} className={fieldLabel}>
            Pass rule
          </label>
          <select id={matchId} value={dataset.match} onChange={(e) => edit((d) => ({ ...d, match: e.target.value as Dataset["match"] }))} className={textInput}>
            {datasetMatchSchema.options.map((match) => (
              <option key={match} value={match}>
                {MATCH_TITLES[match]}
              </option>
            ))}
          </select>
        </div>
        {dataset.match === "regex" && <FlagsField id={flagsId} dataset={dataset} onChange={(flags) => edit((d) => ({ ...d, flags }))} />}
      </div>
      {problems.size > 0 && (
        <div role="alert" aria-label="Pattern problems" className={errorText}>
          <p>
            {problems.size} expected {problems.size === 1 ? "pattern cannot" : "patterns cannot"} run on the linear-time regex engine:
          </p>
          <ul className="list-inside list-disc">
            {[...problems].slice(0, 5).map(([caseId, problem]) => (
              <li key={caseId}>
                Case {dataset.cases.findIndex((c) => c.id === caseId) + 1}: the pattern {problem}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

/** The regex rule's flags, kept only when the linear-time engine takes them. */
function FlagsField({ id, dataset, onChange }: { id: string; dataset: Dataset; onChange(flags: string | undefined): void }) {
  const [flags, setFlags] = useState(dataset.flags ?? "i");
  const problem = USER_REGEX_FLAGS.test(flags) ? null : "Flags are i, m, s and u, each at most once";
  return (
    <div className="w-32">
      <label htmlFor={id} className={fieldLabel}>
        Regex flags
      </label>
      <input
        id={id}
        value={flags}
        maxLength={4}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => setFlags(e.target.value)}
        onBlur={() => {
          if (!problem && flags !== (dataset.flags ?? "i")) onChange(flags === "i" ? undefined : flags);
        }}
        className={textInput}
      />
      {problem && <p className={errorText}>{problem}</p>}
    </div>
  );
}
