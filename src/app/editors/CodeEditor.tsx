/**
 * The shared code editor (CodeMirror 6), loaded on demand by `LazyCodeEditor`: highlighting and
 * completions per language, lint markers from our own checks, and the field's keyboard habits —
 * Tab leaves the editor (it never indents), Enter or Ctrl/Cmd+Enter commits, Escape discards.
 * The editable element carries the field's id, name, description and invalid state.
 */
import { acceptCompletion } from "@codemirror/autocomplete";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap, type ViewUpdate } from "@codemirror/view";
import CodeMirror, { type ReactCodeMirrorRef } from "@uiw/react-codemirror";
import { useEffect, useMemo, useRef } from "react";
import type { CodeEditorProps } from "./codeEditorProps";
import { ownDiagnostics } from "./diagnostics";
import { hostGlobalDiagnostics, languageExtensions } from "./languageSupport";
import { styleRoot } from "./styleRoot";

/** Looks like the inspector's other inputs, in light and dark themes alike. */
const fieldTheme = EditorView.theme({
  "&": { backgroundColor: "transparent", color: "inherit", fontSize: "12px" },
  "&.cm-focused": { outline: "none" },
  ".cm-gutters": { backgroundColor: "transparent", borderRight: "none", color: "#71717a" },
  ".cm-content": { caretColor: "currentColor" },
  ".cm-cursor": { borderLeftColor: "currentColor" },
});

/** The page's selection when it lies in the editor's text, else undefined. */
function domSelection(view: EditorView): AbstractRange | undefined {
  const selection = view.dom.ownerDocument.getSelection();
  if (!selection || selection.rangeCount === 0) return undefined;
  const range = selection.getRangeAt(0);
  return view.contentDOM.contains(range.startContainer) && view.contentDOM.contains(range.endContainer) ? range : undefined;
}

/**
 * Text typed over a selection is inserted by the editor, not by the browser: Chrome's own
 * editing keeps the look of the highlighted text it removes as `<span style="…">` elements,
 * which the Content-Security-Policy refuses (and reports) before CodeMirror redraws them.
 */
const typeOverLines = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== "insertText" || event.data === null || view.composing) return false;
    // The range the browser is about to replace: its own (or the document's selection), since the
    // editor may not have read a selection made just before (select all, then type) yet.
    const target = event.getTargetRanges()[0] ?? domSelection(view);
    const { from, to } = target
      ? { from: view.posAtDOM(target.startContainer, target.startOffset), to: view.posAtDOM(target.endContainer, target.endOffset) }
      : view.state.selection.main;
    if (from === to) return false;
    event.preventDefault();
    view.dispatch({
      changes: { from, to, insert: event.data },
      selection: { anchor: from + event.data.length },
      userEvent: "input.type",
      scrollIntoView: true,
    });
    return true;
  },
});

/** Keeps markers inside the text they were computed for (the text may have moved on). */
function clamp(diagnostics: readonly Diagnostic[], length: number): Diagnostic[] {
  return diagnostics.map((d) => ({ ...d, from: Math.min(d.from, length), to: Math.min(Math.max(d.to, d.from), length) }));
}

export default function CodeEditor(props: CodeEditorProps) {
  const {
    id,
    label,
    labelledBy,
    language,
    value,
    onChange,
    onBlur,
    multiline = false,
    rows = 4,
    describedBy,
    invalid,
    check,
    completions,
    placeholder,
    autoFocus,
  } = props;
  const ref = useRef<ReactCodeMirrorRef>(null);
  // Key handlers read the latest props without rebuilding the editor's configuration.
  const handlers = useRef(props);
  useEffect(() => {
    handlers.current = props;
  });

  const attributes = useMemo(() => {
    const named: Record<string, string> = labelledBy ? { "aria-labelledby": labelledBy } : { "aria-label": label };
    if (id) named.id = id;
    if (describedBy) named["aria-describedby"] = describedBy;
    if (invalid) named["aria-invalid"] = "true";
    if (!multiline) named["aria-multiline"] = "false";
    return named;
  }, [id, label, labelledBy, describedBy, invalid, multiline]);

  // Fields often pass a fresh array each render: rebuild only when the names change.
  const completionKey = completions?.join("\n") ?? "";
  const extensions = useMemo((): Extension[] => {
    const keys = Prec.high(
      // The ref is read when a key is pressed, never during render.
      // eslint-disable-next-line react-hooks/refs
      keymap.of([
        { key: "Mod-Enter", run: () => (handlers.current.onCommit?.(), true) },
        { key: "Escape", run: () => handlers.current.onEscape?.() ?? false },
      ]),
    );
    // In a one-line field Enter commits, also while the completion list is open: it takes the
    // highlighted completion first (as the list's own Enter would), then commits. Handled before
    // every keymap, since the list's Enter (a keymap of the highest precedence) took the key once
    // the list had been open for a moment, and nothing was committed.
    const enterCommits = Prec.highest(
      // The ref is read when a key is pressed, never during render.
      // eslint-disable-next-line react-hooks/refs
      EditorView.domEventHandlers({
        keydown(event, view) {
          if (event.key !== "Enter" || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || view.composing) return false;
          event.preventDefault();
          acceptCompletion(view);
          handlers.current.onCommit?.();
          return true;
        },
      }),
    );
    return [
      ...languageExtensions(language, completionKey === "" ? [] : completionKey.split("\n")),
      EditorView.contentAttributes.of(attributes),
      keys,
      multiline ? [] : enterCommits,
      lintGutter(),
      typeOverLines,
      fieldTheme,
      multiline ? EditorView.lineWrapping : [],
    ];
  }, [language, completionKey, attributes, multiline]);

  const checkKey = JSON.stringify(check ?? null);
  // Our checks' markers, plus (for JavaScript) the host globals the sandbox lacks.
  useEffect(() => {
    const view = ref.current?.view;
    if (!view) return;
    const own = check ? clamp(ownDiagnostics(value, check), view.state.doc.length) : [];
    const host = language === "javascript" ? hostGlobalDiagnostics(view.state) : [];
    view.dispatch(setDiagnostics(view.state, [...own, ...host]));
    // The check is data recreated each render: compare it by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [checkKey, language, value, extensions]);

  return (
    <CodeMirror
      ref={ref}
      value={value}
      onChange={(text: string, _update: ViewUpdate) => onChange(text)}
      onBlur={onBlur}
      extensions={extensions}
      theme="none"
      root={styleRoot(document)}
      indentWithTab={false}
      autoFocus={autoFocus}
      placeholder={placeholder}
      minHeight={multiline ? `${rows * 1.4 + 0.6}em` : undefined}
      maxHeight={multiline ? "24em" : undefined}
      basicSetup={{
        lineNumbers: multiline,
        foldGutter: false,
        highlightActiveLine: false,
        highlightActiveLineGutter: false,
        searchKeymap: multiline,
      }}
      className="w-full overflow-hidden rounded border border-zinc-300 bg-white font-mono text-zinc-900 focus-within:outline-2 focus-within:outline-blue-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
      data-invalid={invalid ? "true" : undefined}
    />
  );
}
