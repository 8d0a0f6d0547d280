// Save as test: the active thread's turns, recording and proposed assertions in an editable
// form; saving adds the test to the document (saved, undoable, exported with the graph).
import { useState } from "react";
import type { GraphTest } from "../../schema/index.js";
import { Dialog } from "../shell/Dialog";
import { useEditorStore } from "../store/EditorProvider";
import { useThreadEvents } from "../store/playground/hooks";
import { defaultTestName, newTestId, proposeTest } from "./proposeTest";
import { TestForm } from "./TestForm";

/** Adds a test to the document, or replaces the test with its id: one undoable change. */
export function putTest(document: { tests: readonly GraphTest[] }, test: GraphTest): GraphTest[] {
  const at = document.tests.findIndex((t) => t.id === test.id);
  return at === -1 ? [...document.tests, test] : document.tests.map((t, i) => (i === at ? test : t));
}

export function SaveTestDialog({ onClose, onSaved }: { onClose(): void; onSaved(message: string): void }) {
  const store = useEditorStore();
  const events = useThreadEvents();
  // Proposed once, from the thread as it was when the dialog opened.
  const [proposed] = useState(() => {
    const document = store.getState().document;
    const test = proposeTest(events, document, { id: newTestId(document, Date.now()), name: "" });
    return test ? { ...test, name: defaultTestName(test) } : null;
  });
  const tools = store.getState().document.tools.map((tool) => tool.name);

  return (
    <Dialog title="Save as test" onClose={onClose} width="max-w-2xl">
      {proposed ? (
        <TestForm
          test={proposed}
          tools={tools}
          onCancel={onClose}
          onSave={(test) => {
            store.getState().updateDocument((document) => ({ ...document, tests: putTest(document, test) }));
            onSaved(`Saved test "${test.name}": Run tests runs it.`);
            onClose();
          }}
        />
      ) : (
        <p className="text-sm">This thread has no finished turn to save yet: send a message first.</p>
      )}
    </Dialog>
  );
}
