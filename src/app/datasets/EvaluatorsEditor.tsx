// A dataset's evaluators in the form graph tests use for their assertions: a group per
// evaluator with its kind and its fields (each labelled `Evaluator N <field>`), Add and Remove,
// and one Save that writes them all, or marks the fields that do not read.
import { useId, useState } from "react";
import { assertionKinds, type Evaluator } from "../../schema/index.js";
import type { DraftProblem } from "../regression/testDraft";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton, textInput } from "../shell/styles";
import {
  changeEvaluatorKind,
  evaluationKinds,
  evaluatorDraftOf,
  evaluatorKindChoices,
  evaluatorsOf,
  isEvaluationDraft,
  type EvaluationField,
  type EvaluatorDraft,
} from "./evaluatorDraft";

interface FieldView {
  key: string;
  label: string;
  optional?: boolean;
  hint?: string;
  /** How it is typed: a line, several lines, a number, or a choice. */
  control: "line" | "lines" | "number" | "select";
  choices?: readonly { value: string; label: string }[];
}

function fieldsOf(draft: EvaluatorDraft, profiles: readonly string[]): FieldView[] {
  if (!isEvaluationDraft(draft))
    return assertionKinds[draft.kind].fields.map((field) => ({ key: field.key, label: field.label, optional: field.optional, control: "line" }));
  return evaluationKinds[draft.kind].fields.map((field: EvaluationField) => {
    const base = { key: field.key, label: field.label, optional: field.optional, hint: field.hint };
    switch (field.type) {
      case "profile":
        return {
          ...base,
          control: "select",
          choices: [...(field.optional ? [{ value: "", label: "None" }] : []), ...profiles.map((p) => ({ value: p, label: p }))],
        };
      case "choice":
        return { ...base, control: "select", choices: field.choices };
      case "number":
        return { ...base, control: "number" };
      case "json":
        return { ...base, control: "lines" };
      case "text":
        return { ...base, control: field.key === "rubric" ? "lines" : "line" };
      default: {
        const never: never = field.type;
        return never;
      }
    }
  });
}

function FieldInput(props: { field: FieldView; index: number; value: string; problem?: string; onChange(value: string): void }) {
  const { field, index, value, problem, onChange } = props;
  const id = useId();
  const common = {
    id,
    "aria-label": `Evaluator ${index + 1} ${field.label}`,
    "aria-invalid": problem ? true : undefined,
    value,
    className: `${textInput} text-xs`,
  };
  return (
    <div className={field.control === "lines" ? "col-span-2" : ""}>
      <label htmlFor={id} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {field.label}
        {field.optional ? " (optional)" : ""}
      </label>
      {field.control === "select" ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {/* A value the document names that is not on offer stays visible, not silently replaced. */}
          {value !== "" && !field.choices?.some((c) => c.value === value) && <option value={value}>{value}</option>}
          {field.choices?.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : field.control === "lines" ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} className={`${common.className} font-mono`} />
      ) : (
        <input {...common} inputMode={field.control === "number" ? "decimal" : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {field.hint && <p className={fieldHint}>{field.hint}</p>}
      {problem && <p className={errorText}>{problem}</p>}
    </div>
  );
}

export function EvaluatorsEditor(props: { evaluators: readonly Evaluator[]; profiles: readonly string[]; onSave(evaluators: Evaluator[]): void }) {
  const { evaluators, profiles, onSave } = props;
  const [drafts, setDrafts] = useState<EvaluatorDraft[]>(() => evaluators.map(evaluatorDraftOf));
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const firstProfile = profiles[0] ?? "";
  const change = (index: number, next: EvaluatorDraft | null) => {
    setDrafts((all) => (next ? all.map((d, i) => (i === index ? next : d)) : all.filter((_, i) => i !== index)));
  };

  return (
    <section aria-label="Evaluators" className="space-y-2">
      <p className={fieldLabel}>Evaluators</p>
      {drafts.length === 0 && <p className={fieldHint}>No evaluators: the pass rule alone decides.</p>}
      {drafts.map((draft, index) => {
        const description = isEvaluationDraft(draft) ? evaluationKinds[draft.kind].description : assertionKinds[draft.kind].description;
        return (
          <fieldset
            key={index}
            role="group"
            aria-label={`Evaluator ${index + 1}`}
            className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700"
          >
            <div className="flex items-center gap-2">
              <select
                aria-label={`Evaluator ${index + 1} kind`}
                value={draft.kind}
                onChange={(e) => change(index, changeEvaluatorKind(draft, e.target.value as EvaluatorDraft["kind"], firstProfile))}
                className={`${textInput.replace("w-full", "w-52")} shrink-0`}
              >
                {evaluatorKindChoices.map(({ kind, title }) => (
                  <option key={kind} value={kind}>
                    {title}
                  </option>
                ))}
              </select>
              <span className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400">{description}</span>
              <button type="button" className={secondaryButton} aria-label={`Remove evaluator ${index + 1}`} onClick={() => change(index, null)}>
                Remove
              </button>
            </div>
            <div className="grid grid-cols-2 gap-2">
              {fieldsOf(draft, profiles).map((field) => (
                <FieldInput
                  key={field.key}
                  field={field}
                  index={index}
                  value={draft.values[field.key] ?? ""}
                  problem={problems.find((p) => p.assertion === index && p.field === field.key)?.message}
                  onChange={(value) => change(index, { ...draft, values: { ...draft.values, [field.key]: value } } as EvaluatorDraft)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
      {problems.length > 0 && (
        <p role="alert" className={errorText}>
          {problems.length === 1
            ? `Evaluator ${(problems[0]?.assertion ?? 0) + 1}: ${problems[0]?.message}`
            : "Some evaluators need fixing: see the fields marked above."}
        </p>
      )}
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={secondaryButton}
          onClick={() => {
            setDrafts((all) => [...all, evaluatorDraftOf(assertionKinds.reply_contains.blank())]);
          }}
        >
          Add evaluator
        </button>
        <button
          type="button"
          className={primaryButton}
          onClick={() => {
            const read = evaluatorsOf(drafts);
            if ("problems" in read) {
              setProblems(read.problems);
              return;
            }
            setProblems([]);
            onSave(read.evaluators);
          }}
        >
          Save evaluators
        </button>
      </div>
    </section>
  );
}
