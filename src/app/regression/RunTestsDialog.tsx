// Run tests: the document's tests in a table, run in the engine worker with progress and Stop;
// a failed test shows each failed assertion's expected and actual values. Tests are edited or
// deleted here too (undoable document changes).
import { useEffect, useRef, useState } from "react";
import type { TestProgress, TestResult } from "../../engine/index.js";
import type { GraphTest } from "../../schema/index.js";
import { appEngine } from "../services/engineClient";
import { Dialog } from "../shell/Dialog";
import { errorText, primaryButton, secondaryButton } from "../shell/styles";
import { useEditorStore } from "../store/EditorProvider";
import { useEditor } from "../store/hooks";
import { putTest } from "./SaveTestDialog";
import { TestForm } from "./TestForm";
import { errorMessage } from "../../schema/errorMessage.js";

const STATUS_TEXT: Record<TestResult["status"], string> = { passed: "Passed", failed: "Failed", error: "Could not run", cancelled: "Stopped" };
const STATUS_CLASS: Record<TestResult["status"], string> = {
  passed: "text-emerald-700 dark:text-emerald-400",
  failed: "text-red-700 dark:text-red-400",
  error: "text-amber-700 dark:text-amber-400",
  cancelled: "text-zinc-500",
};

const selectTests = (s: { document: { tests: GraphTest[] } }) => s.document.tests;

function Diff({ result }: { result: TestResult }) {
  const failed = result.assertions.filter((a) => !a.passed);
  return (
    <section aria-label={`Diff of ${result.name}`} className="space-y-2 rounded-md border border-red-200 p-2 text-sm dark:border-red-900">
      <h3 className="font-medium">{result.name}</h3>
      {result.status === "error" && <p className={errorText}>{result.error}</p>}
      {failed.map((assertion, i) => (
        <div key={i} role="group" aria-label={assertion.summary} className="space-y-1">
          <p className="font-medium">
            ✘ {assertion.summary}
            {assertion.turn > 1 ? ` · turn ${assertion.turn}` : ""}
          </p>
          <dl className="grid grid-cols-[5rem_1fr] gap-x-2 gap-y-1 font-mono text-xs">
            <dt className="text-emerald-700 dark:text-emerald-400">Expected</dt>
            <dd className="rounded bg-emerald-50 px-1 break-words whitespace-pre-wrap dark:bg-emerald-950/40">{assertion.expected}</dd>
            <dt className="text-red-700 dark:text-red-400">Actual</dt>
            <dd className="rounded bg-red-50 px-1 break-words whitespace-pre-wrap dark:bg-red-950/40">{assertion.actual}</dd>
          </dl>
        </div>
      ))}
    </section>
  );
}

/** The dialog the header's `Run tests` button and the command palette open (shell dialog "tests"). */
export function RunTestsDialog({ onClose }: { onClose(): void }) {
  const store = useEditorStore();
  const tests = useEditor(selectTests);
  const [results, setResults] = useState<ReadonlyMap<string, TestResult>>(new Map());
  const [progress, setProgress] = useState<Extract<TestProgress, { type: "test_start" }> | null>(null);
  const [running, setRunning] = useState<AbortController | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<GraphTest | null>(null);
  // Closing the dialog stops a run in progress: nobody would see its results.
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const run = async () => {
    const engine = appEngine();
    if (!engine.runTests) return;
    const controller = new AbortController();
    current.current = controller;
    setRunning(controller);
    setResults(new Map());
    setSummary(null);
    setError(null);
    try {
      const report = await engine.runTests(store.getState().document, {
        signal: controller.signal,
        onProgress: (p) => {
          if (p.type === "test_start") setProgress(p);
          else setResults((old) => new Map(old).set(p.result.id, p.result));
        },
      });
      setResults(new Map(report.results.map((r) => [r.id, r])));
      const stopped = controller.signal.aborted ? " (stopped)" : "";
      setSummary(`${report.passed} passed, ${report.failed} failed${stopped}`);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      current.current = null;
      setRunning(null);
      setProgress(null);
    }
  };

  const remove = (test: GraphTest) => {
    store.getState().updateDocument((document) => ({ ...document, tests: document.tests.filter((t) => t.id !== test.id) }));
    setSummary(`Deleted test "${test.name}" (Undo brings it back).`);
  };

  if (editing) {
    return (
      <Dialog title={`Edit test ${editing.name}`} onClose={() => setEditing(null)} width="max-w-2xl">
        <TestForm
          test={editing}
          tools={store.getState().document.tools.map((tool) => tool.name)}
          onCancel={() => setEditing(null)}
          onSave={(test) => {
            store.getState().updateDocument((document) => ({ ...document, tests: putTest(document, test) }));
            setResults((old) => {
              const next = new Map(old);
              next.delete(test.id);
              return next;
            });
            setEditing(null);
          }}
        />
      </Dialog>
    );
  }

  const failures = tests.map((t) => results.get(t.id)).filter((r): r is TestResult => r !== undefined && (r.status === "failed" || r.status === "error"));
  return (
    <Dialog title="Run tests" onClose={onClose} width="max-w-3xl">
      <div className="space-y-3">
        <div className="flex items-center gap-2">
          <button type="button" className={primaryButton} data-autofocus disabled={running !== null || tests.length === 0} onClick={() => void run()}>
            Run all tests
          </button>
          {running && (
            <button type="button" className={secondaryButton} onClick={() => running.abort()}>
              Stop tests
            </button>
          )}
          <p role="status" className="min-w-0 flex-1 truncate text-sm text-zinc-600 dark:text-zinc-400">
            {progress ? `Running test ${progress.index + 1} of ${progress.total}: ${progress.name}` : (summary ?? "")}
          </p>
        </div>
        {error && (
          <p role="alert" className={errorText}>
            {error}
          </p>
        )}
        {tests.length === 0 ? (
          <p className="text-sm">No tests yet. In the playground, Save as test turns a thread into one.</p>
        ) : (
          <table aria-label="Test results" className="w-full text-left text-sm">
            <thead className="text-xs text-zinc-500">
              <tr>
                <th className="py-1 font-medium">Test</th>
                <th className="py-1 font-medium">Mode</th>
                <th className="py-1 font-medium">Result</th>
                <th className="py-1 font-medium">Assertions</th>
                <th className="py-1 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tests.map((test) => {
                const result = results.get(test.id);
                const held = result ? `${result.assertions.filter((a) => a.passed).length}/${result.assertions.length}` : String(test.assertions.length);
                const isRunning = progress?.id === test.id;
                return (
                  <tr key={test.id} className="border-t border-zinc-100 dark:border-zinc-800">
                    <td className="py-1 pr-2">{test.name}</td>
                    <td className="py-1 pr-2 text-zinc-500">{test.mode}</td>
                    <td className={`py-1 pr-2 font-medium ${result ? STATUS_CLASS[result.status] : "text-zinc-500"}`}>
                      {isRunning ? "Running…" : result ? STATUS_TEXT[result.status] : "Not run"}
                    </td>
                    <td className="py-1 pr-2 tabular-nums">{held}</td>
                    <td className="py-1 text-right whitespace-nowrap">
                      <button
                        type="button"
                        className={secondaryButton}
                        disabled={running !== null}
                        aria-label={`Edit ${test.name}`}
                        onClick={() => setEditing(test)}
                      >
                        Edit
                      </button>{" "}
                      <button
                        type="button"
                        className={secondaryButton}
                        disabled={running !== null}
                        aria-label={`Delete ${test.name}`}
                        onClick={() => remove(test)}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {failures.map((result) => (
          <Diff key={result.id} result={result} />
        ))}
      </div>
    </Dialog>
  );
}
