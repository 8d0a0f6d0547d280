// A CEL expression in the code editor: checked as you type, with the syntax error shown at its
// position (a lint marker at the line and column, the message, and a caret under the text). The text is kept exactly as typed, and committed on
// blur / Enter even when it does not parse, so nothing typed is ever lost; the run reports it.
import { useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { LazyCodeEditor } from "../../editors/LazyCodeEditor";
import { celSyntaxProblem, loadCelParser, type CelParse, type CelSyntaxProblem } from "./celSyntax";
import { errorClass, hintClass, labelClass } from "./styles";
import { useDraftText } from "./useDraft";

interface ExpressionFieldProps {
  label: string;
  value: string;
  onCommit(text: string): void;
  /** Multi-line editing (Ctrl+Enter commits). */
  multiline?: boolean;
  placeholder?: string;
  /** Names also accepted as the whole text (registered conditions), offered while typing. */
  suggestions?: readonly string[];
  hint?: ReactNode;
  /** An empty text is allowed (and commits ""): the expression is optional. */
  optional?: boolean;
}

function useCelParser(): CelParse | null {
  const [parse, setParse] = useState<CelParse | null>(null);
  useEffect(() => {
    let live = true;
    loadCelParser().then(
      (loaded) => live && setParse(() => loaded),
      // Without the parser the field still edits; the engine checks the expression when it runs.
      (error: unknown) => console.warn("CEL parser failed to load", error),
    );
    return () => {
      live = false;
    };
  }, []);
  return parse;
}

/** The offending line with a caret under the problem's column. */
function Pointer({ source, problem }: { source: string; problem: CelSyntaxProblem }) {
  const line = source.split("\n")[problem.line - 1] ?? "";
  return (
    <pre aria-hidden="true" data-testid="expression-pointer" className="mt-0.5 overflow-x-auto font-mono text-xs leading-tight text-red-700 dark:text-red-300">
      {line || " "}
      {"\n"}
      {" ".repeat(problem.column - 1)}^
    </pre>
  );
}

export function ExpressionField({ label, value, onCommit, multiline = false, placeholder, suggestions, hint, optional = false }: ExpressionFieldProps) {
  const id = useId();
  const [empty, setEmpty] = useState(false);
  const draft = useDraftText(value, (text) => {
    // An empty expression is never valid: keep the draft and say so.
    const blank = text.trim() === "" && !optional;
    setEmpty(blank);
    if (blank) return false;
    onCommit(text);
  });
  const parse = useCelParser();
  const text = draft.value;
  const isName = suggestions?.includes(text.trim()) ?? false;
  const problem = useMemo(() => (parse && text.trim() !== "" && !isName ? celSyntaxProblem(parse, text) : null), [parse, text, isName]);
  const error = problem
    ? `Syntax error at line ${problem.line}, column ${problem.column}: ${problem.message}`
    : empty && text.trim() === ""
      ? "Enter an expression"
      : null;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <LazyCodeEditor
        id={id}
        label={label}
        language="cel"
        multiline={multiline}
        rows={3}
        value={text}
        onChange={draft.setText}
        onBlur={draft.finish}
        onCommit={draft.finish}
        onEscape={draft.discard}
        placeholder={placeholder}
        describedBy={describedBy}
        invalid={error !== null}
        check={{ kind: "cel", problem }}
        completions={suggestions}
      />
      {/* Polite, not an alert: it changes with every keystroke. */}
      <div aria-live="polite">
        {error && (
          <p id={errorId} className={errorClass}>
            {error}
          </p>
        )}
      </div>
      {problem && <Pointer source={text} problem={problem} />}
      {hint && (
        <div id={hintId} className={hintClass}>
          {hint}
        </div>
      )}
    </div>
  );
}
