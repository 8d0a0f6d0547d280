/**
 * The code editor every code field uses, loaded after the page's first frame so the first paint
 * never pays for CodeMirror (fields such as a tool's input schema show at start). Until it
 * arrives a plain field stands in with the same id, name and behaviour; if that field had the
 * focus, the editor takes it over.
 */
import { lazy, Suspense, useEffect, useState } from "react";
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

/** Whether the first frame has passed: from then on editors load at once. */
let afterFirstFrame = false;

/** Waits for the frame after this one, then for the tasks already queued. */
function afterNextFrame(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

export function LazyCodeEditor(props: CodeEditorProps) {
  const [focused, setFocused] = useState(false);
  const [ready, setReady] = useState(() => afterFirstFrame);
  useEffect(() => {
    if (ready) return;
    return afterNextFrame(() => {
      afterFirstFrame = true;
      setReady(true);
    });
  }, [ready]);
  const plain = <PlainField props={props} onFocusChange={setFocused} />;
  if (!ready) return plain;
  return (
    <Suspense fallback={plain}>
      <CodeEditor {...props} autoFocus={props.autoFocus ?? focused} />
    </Suspense>
  );
}
