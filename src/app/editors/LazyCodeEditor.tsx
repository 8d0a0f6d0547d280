/**
 * The code editor every code field uses, loaded on first use so the first paint never pays for
 * CodeMirror. Until it arrives a plain field stands in with the same id, name and behaviour; if
 * that field had the focus, the editor takes it over.
 */
import { lazy, Suspense, useState } from "react";
import { inputClass } from "../inspector/fields/styles";
import type { CodeEditorProps } from "./codeEditorProps";

const CodeEditor = lazy(() => import("./CodeEditor"));

/** The stand-in: a textarea (or an input for one-line editors) with the editor's name and keys. */
function PlainField({ props, onFocusChange }: { props: CodeEditorProps; onFocusChange(focused: boolean): void }) {
  const { id, label, labelledBy, value, onChange, onBlur, onCommit, onEscape, multiline = false, rows = 4, describedBy, invalid, placeholder } = props;
  const common = {
    id,
    "aria-label": labelledBy ? undefined : label,
    "aria-labelledby": labelledBy,
    "aria-describedby": describedBy,
    "aria-invalid": invalid ? true : undefined,
    spellCheck: false,
    placeholder,
    value,
    className: `${inputClass} font-mono text-xs`,
    onFocus: () => onFocusChange(true),
    onBlur: () => {
      onFocusChange(false);
      onBlur?.();
    },
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape" && onEscape?.()) event.preventDefault();
      else if (event.key === "Enter" && (!multiline || event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onCommit?.();
      }
    },
  };
  return multiline ? <textarea rows={rows} {...common} /> : <input type="text" {...common} />;
}

export function LazyCodeEditor(props: CodeEditorProps) {
  const [focused, setFocused] = useState(false);
  return (
    <Suspense fallback={<PlainField props={props} onFocusChange={setFocused} />}>
      <CodeEditor {...props} autoFocus={props.autoFocus ?? focused} />
    </Suspense>
  );
}
