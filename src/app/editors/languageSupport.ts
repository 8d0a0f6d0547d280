/**
 * The CodeMirror side of each language the code editor knows: highlighting, completions and,
 * for JavaScript tools, markers for host globals the sandbox lacks. Loaded with the editor only.
 */
import { completeFromList, type Completion, type CompletionContext, type CompletionResult } from "@codemirror/autocomplete";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { ensureSyntaxTree } from "@codemirror/language";
import type { Diagnostic } from "@codemirror/lint";
import { EditorState, type Extension } from "@codemirror/state";
import type { CodeLanguage } from "./codeEditorProps";
import { HOST_ONLY_GLOBALS, SANDBOX_GLOBALS, SANDBOX_LOCALS } from "./sandboxGlobals";

/** Completes plain names (not properties after a dot, not inside strings' quotes). */
function namesSource(options: readonly Completion[]) {
  const complete = completeFromList([...options]);
  return (context: CompletionContext): CompletionResult | null | Promise<CompletionResult | null> => {
    const word = context.matchBefore(/[\w$.]*/);
    if (!word || word.text.includes(".") || (word.from === word.to && !context.explicit)) return null;
    return complete(context);
  };
}

const sandboxCompletions: Completion[] = [
  ...SANDBOX_LOCALS.map((label) => ({ label, type: "variable", detail: "the call's arguments" })),
  ...SANDBOX_GLOBALS.map((label) => ({ label, type: /^[A-Z]/.test(label) ? "class" : "function", detail: "sandbox global" })),
];

/**
 * Warnings for host globals (fetch, setTimeout, window, …) the code uses but the sandbox lacks.
 * @example hostGlobalDiagnostics(EditorState.create({ doc: "await fetch(u)", extensions: languageExtensions("javascript") })) // [{ from: 6, to: 11, severity: "warning", … }]
 */
export function hostGlobalDiagnostics(state: EditorState): Diagnostic[] {
  const tree = ensureSyntaxTree(state, state.doc.length, 200);
  if (!tree) return [];
  const found: Diagnostic[] = [];
  tree.iterate({
    enter(node) {
      if (node.name !== "VariableName") return;
      const name = state.doc.sliceString(node.from, node.to);
      const why = Object.hasOwn(HOST_ONLY_GLOBALS, name) ? HOST_ONLY_GLOBALS[name] : undefined;
      if (why) found.push({ from: node.from, to: node.to, severity: "warning", message: `${name} is not available here: ${why}.` });
    },
  });
  return found;
}

/**
 * The extensions of a language, with `extra` names offered by completion.
 * @example languageExtensions("cel", ["state.count"])
 */
export function languageExtensions(language: CodeLanguage, extra: readonly string[] = []): Extension[] {
  const names = extra.map((label): Completion => ({ label, type: "variable" }));
  switch (language) {
    case "javascript": {
      const support = javascript();
      return [support, support.language.data.of({ autocomplete: namesSource([...sandboxCompletions, ...names]) })];
    }
    case "json":
      return [json()];
    case "cel": {
      // CEL has no CodeMirror grammar; completion still offers registered names and the roots.
      const roots = ["state", "input", "results", "true", "false", "null", "has", "size"].map((label): Completion => ({ label, type: "keyword" }));
      const autocomplete = namesSource([...names, ...roots]);
      return [EditorState.languageData.of(() => [{ autocomplete }])];
    }
    default: {
      const never: never = language;
      return never;
    }
  }
}
