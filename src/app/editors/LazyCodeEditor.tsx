/**
 * The code editor every code field uses, loaded after the page's first frame so the first paint
 * never pays for CodeMirror (fields such as a tool's input schema show at start). Until it
 * arrives a plain field stands in with the same id, name and behaviour. A stand-in that has the
 * focus stays until it loses it: swapping it mid-edit would move the caret and the selection
 * under the person (or the test) typing.
 */
import { useEffect, useState, type ComponentType } from "react";
import { inputClass } from "../inspector/fields/styles";
import type { CodeEditorProps } from "./codeEditorProps";

/** The editor once its module has loaded (shared by every field). */
let LoadedEditor: ComponentType<CodeEditorProps> | undefined;
let loading: Promise<ComponentType<CodeEditorProps>> | undefined;
function loadEditor(): Promise<ComponentType<CodeEditorProps>> {
  loading ??= import("./CodeEditor").then((m) => (LoadedEditor = m.default));
  return loading;
}

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
  const [Editor, setEditor] = useState(() => LoadedEditor);
  useEffect(() => {
    if (Editor) return;
    let live = true;
    const cancel = afterNextFrame(() => {
      void loadEditor().then((loaded) => {
        if (live) setEditor(() => loaded);
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [Editor]);
  if (!Editor || focused) return <PlainField props={props} onFocusChange={setFocused} />;
  return <Editor {...props} />;
}
