// Save as test: the active thread's turns (all, or those ticked), recording and proposed
// assertions in an editable form; saving adds the test to the document (saved, undoable,
// exported with the graph).
import { useMemo, useState } from "react";
import type { GraphTest } from "../../schema/index.js";
import { Dialog } from "../shell/Dialog";
import { fieldHint, fieldLabel } from "../shell/styles";
import { useEditorStore } from "../store/EditorProvider";
import { useThreadEvents } from "../store/playground/hooks";
import { debugNote, defaultTestName, newTestId, proposeTest, threadTurns } from "./proposeTest";
import { TestForm, turnText } from "./TestForm";

/** Adds a test to the document, or replaces the test with its id: one undoable change. */
export function putTest(document: { tests: readonly GraphTest[] }, test: GraphTest): GraphTest[] {
  const at = document.tests.findIndex((t) => t.id === test.id);
  return at === -1 ? [...document.tests, test] : document.tests.map((t, i) => (i === at ? test : t));
}

export function SaveTestDialog({ onClose, onSaved }: { onClose(): void; onSaved(message: string): void }) {
  const store = useEditorStore();
  const liveEvents = useThreadEvents();
  // The thread as it was when the dialog opened.
  const [events] = useState(liveEvents);
  const [id] = useState(() => newTestId(store.getState().document, Date.now()));
  const turns = useMemo(() => threadTurns(events), [events]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(turns.map((_, i) => i)));
  const proposed = useMemo(() => {
    const test = proposeTest(events, store.getState().document, { id, name: "" }, chosen);
    return test ? { ...test, name: defaultTestName(test) } : null;
  }, [events, store, id, chosen]);
  const tools = store.getState().document.tools.map((tool) => tool.name);
  const note = useMemo(() => debugNote(events), [events]);
  const toggle = (index: number) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Dialog title="Save as test" onClose={onClose} width="max-w-2xl">
      <div className="space-y-3">
        {turns.length > 1 && (
          <fieldset className="space-y-1">
            <legend className={fieldLabel}>Turns to include</legend>
            {turns.map(({ turn }, index) => (
              <label key={index} className="flex items-center gap-2 text-sm">
                <input type="checkbox" aria-label={`Include turn ${index + 1}`} checked={chosen.has(index)} onChange={() => toggle(index)} />
                <span className="truncate">
                  {index + 1}. {turnText(turn)}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {note && (
          <p role="note" className={fieldHint}>
            {note}
          </p>
        )}
        {proposed ? (
          // A new selection proposes anew: its assertions name other turns.
          <TestForm
            key={[...chosen].join(",")}
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
          <p className="text-sm">{turns.length > 0 ? "Tick at least one turn." : "This thread has no finished turn to save yet: send a message first."}</p>
        )}
      </div>
    </Dialog>
  );
}
