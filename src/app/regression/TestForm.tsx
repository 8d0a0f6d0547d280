// The form of one test: its name, how its models answer, its turns (read only) and its
// assertions, each edited through the fields its kind's descriptor lists.
import { useId, useState, type FormEvent } from "react";
import { assertionKindList, assertionKinds, testModeSchema, type AssertionField, type GraphTest, type TestMode } from "../../schema/index.js";
import { errorText, fieldHint, fieldLabel, primaryButton, secondaryButton, textInput } from "../shell/styles";
import { changeKind, draftOf, testDraftOf, testFromDraft, type AssertionDraft, type DraftProblem, type TestDraft } from "./testDraft";

const MODE_TEXT: Record<TestMode, string> = {
  scripted: "Scripted: the graph's own models (offline)",
  replay: "Replay: the recorded model replies",
  live: "Live: the configured providers",
};

/** A turn as one line: its message, or the answer it gave to a pause. */
export function turnText(turn: GraphTest["turns"][number]): string {
  return "message" in turn ? turn.message : `Answer: ${JSON.stringify(turn.resume)}`;
}

function AssertionFieldInput(props: {
  field: AssertionField;
  index: number;
  value: string;
  problem?: string;
  tools: readonly string[];
  onChange(value: string): void;
}) {
  const { field, index, value, problem, tools, onChange } = props;
  const id = useId();
  const label = `Assertion ${index + 1} ${field.label}`;
  const wide = field.type === "args" || field.type === "args_regex" || field.type === "cel" || field.type === "text";
  return (
    <div className={wide ? "col-span-2" : ""}>
      <label htmlFor={id} className="block text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {field.label}
        {field.optional ? " (optional)" : ""}
      </label>
      <input
        id={id}
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        value={value}
        list={field.type === "tool" ? `${id}-tools` : undefined}
        placeholder={field.type === "turn" ? "last" : field.type === "args" ? '{"city": "Paris"}' : undefined}
        onChange={(e) => onChange(e.target.value)}
        className={`${textInput} font-mono text-xs`}
      />
      {field.type === "tool" && (
        <datalist id={`${id}-tools`}>
          {tools.map((tool) => (
            <option key={tool} value={tool} />
          ))}
        </datalist>
      )}
      {problem && <p className={errorText}>{problem}</p>}
    </div>
  );
}

function AssertionEditor(props: {
  draft: AssertionDraft;
  index: number;
  problems: DraftProblem[];
  tools: readonly string[];
  onChange(draft: AssertionDraft): void;
  onRemove(): void;
}) {
  const { draft, index, problems, tools, onChange, onRemove } = props;
  const descriptor = assertionKinds[draft.kind];
  return (
    <fieldset role="group" aria-label={`Assertion ${index + 1}`} className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
      <div className="flex items-center gap-2">
        <select
          aria-label={`Assertion ${index + 1} kind`}
          value={draft.kind}
          onChange={(e) => onChange(changeKind(draft, e.target.value as AssertionDraft["kind"]))}
          className={`${textInput.replace("w-full", "w-48")} shrink-0`}
        >
          {assertionKindList.map((kind) => (
            <option key={kind} value={kind}>
              {assertionKinds[kind].title}
            </option>
          ))}
        </select>
        <span className="min-w-0 flex-1 truncate text-xs text-zinc-500 dark:text-zinc-400">{descriptor.description}</span>
        <button type="button" className={secondaryButton} aria-label={`Remove assertion ${index + 1}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {descriptor.fields.map((field) => (
          <AssertionFieldInput
            key={field.key}
            field={field}
            index={index}
            tools={tools}
            value={draft.values[field.key] ?? ""}
            problem={problems.find((p) => p.field === field.key)?.message}
            onChange={(value) => onChange({ ...draft, values: { ...draft.values, [field.key]: value } })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Edits `test` and hands the result to `onSave` only when the document would take it.
 * `tools` are offered for tool fields (the document's tool names).
 */
export function TestForm(props: { test: GraphTest; tools: readonly string[]; onSave(test: GraphTest): void; onCancel(): void }) {
  const { test, tools, onSave, onCancel } = props;
  const [draft, setDraft] = useState<TestDraft>(() => testDraftOf(test));
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  const nameId = useId();
  const modeId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = testFromDraft(draft, test);
    if ("problems" in read) setProblems(read.problems);
    else onSave(read.test);
  };
  const setAssertion = (index: number, next: AssertionDraft | null) =>
    setDraft((d) => ({ ...d, assertions: next ? d.assertions.map((a, i) => (i === index ? next : a)) : d.assertions.filter((_, i) => i !== index) }));
  const general = problems.filter((p) => p.assertion === undefined);

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div>
        <label htmlFor={nameId} className={fieldLabel}>
          Test name
        </label>
        <input
          id={nameId}
          data-autofocus
          value={draft.name}
          maxLength={200}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
          className={textInput}
        />
      </div>
      <div>
        <label htmlFor={modeId} className={fieldLabel}>
          Mode
        </label>
        <select id={modeId} value={draft.mode} onChange={(e) => setDraft({ ...draft, mode: e.target.value as TestMode })} className={textInput}>
          {testModeSchema.options.map((mode) => (
            <option key={mode} value={mode} disabled={mode === "replay" && !test.recording}>
              {MODE_TEXT[mode]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <p className={fieldLabel}>Turns</p>
        <ol aria-label="Turns" className="list-inside list-decimal text-sm text-zinc-700 dark:text-zinc-300">
          {test.turns.map((turn, i) => (
            <li key={i} className="truncate">
              {turnText(turn)}
            </li>
          ))}
        </ol>
      </div>
      <div className="space-y-2">
        <p className={fieldLabel}>Assertions</p>
        {draft.assertions.length === 0 && <p className={fieldHint}>No assertions: the test checks only that every turn runs without an error.</p>}
        {draft.assertions.map((assertion, index) => (
          <AssertionEditor
            key={index}
            draft={assertion}
            index={index}
            tools={tools}
            problems={problems.filter((p) => p.assertion === index)}
            onChange={(next) => setAssertion(index, next)}
            onRemove={() => setAssertion(index, null)}
          />
        ))}
        <button
          type="button"
          className={secondaryButton}
          onClick={() => setDraft((d) => ({ ...d, assertions: [...d.assertions, draftOf(assertionKinds.reply_contains.blank())] }))}
        >
          Add assertion
        </button>
      </div>
      {general.length > 0 && (
        <div role="alert" className={errorText}>
          {general.map((p) => (
            <p key={p.message}>{p.message}</p>
          ))}
        </div>
      )}
      {problems.length > general.length && general.length === 0 && (
        <p role="alert" className={errorText}>
          Some assertions need fixing: see the fields marked above.
        </p>
      )}
      <div className="flex justify-end gap-2">
        <button type="button" className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={primaryButton}>
          Save test
        </button>
      </div>
    </form>
  );
}
