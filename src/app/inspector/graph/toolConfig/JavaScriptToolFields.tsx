// The config form of a JavaScript tool: its code (the body of an async function with `args`),
// deadline and memory limit, and a Test button that runs the code in the page's sandboxed
// frame with sample arguments, as a call would, without running the graph. A failed Test is
// marked in the code at the line the sandbox names, until the code changes.
import { useState } from "react";
import type { ToolOfKind } from "../../../../schema/index.js";
import type { SandboxOutcome } from "../../../../worker/protocol";
import type { CodeFailure } from "../../../editors/codeEditorProps";
import { LazyCodeEditor } from "../../../editors/LazyCodeEditor";
import { runInFrame } from "../../../services/sandboxRelay";
import { Field } from "../../fields/Field";
import { NumberField } from "../../fields/NumberField";
import { buttonClass, hintClass, labelClass } from "../../fields/styles";
import { useDraftText } from "../../fields/useDraft";
import type { ToolConfigProps } from "./toolConfigFields";
import { errorMessage } from "../../../../schema/errorMessage.js";

type JavaScript = ToolOfKind<"javascript">["config"];

/** What a test run shows: the result as JSON, or the error as the model would read it (and where it happened). */
function outcomeText(outcome: SandboxOutcome): string {
  if (outcome.ok) return `Result: ${JSON.stringify(outcome.value, null, 2)}`;
  return outcome.line === undefined ? `Error: ${outcome.message}` : `Error at line ${outcome.line}: ${outcome.message}`;
}

/** A failed test of some code: where it failed, for that code only. */
interface TestedFailure extends CodeFailure {
  code: string;
}

export function JavaScriptToolFields({ config, onConfig }: ToolConfigProps<JavaScript>) {
  const set = (change: Partial<JavaScript>) => onConfig({ ...config, ...change });
  const [sample, setSample] = useState("{}");
  const [result, setResult] = useState<string | null>(null);
  const [failure, setFailure] = useState<TestedFailure | null>(null);
  const [testing, setTesting] = useState(false);
  const code = useDraftText(config.code, (text) => set({ code: text }));

  const test = () => {
    let args: unknown;
    try {
      args = JSON.parse(sample);
    } catch (cause) {
      setResult(`Error: the sample arguments are not JSON (${errorMessage(cause)})`);
      return;
    }
    const tested = config.code;
    setTesting(true);
    setResult(null);
    setFailure(null);
    void runInFrame({ code: tested, args, timeoutMs: config.timeout_ms, memoryLimitBytes: config.memory_limit_mb * 1024 * 1024 })
      .then(
        (outcome) => {
          if (!outcome.ok) setFailure({ code: tested, message: outcome.message, line: outcome.line, column: outcome.column });
          return outcomeText(outcome);
        },
        (error: unknown) => `Error: ${errorMessage(error)}`,
      )
      .then(setResult)
      .finally(() => setTesting(false));
  };

  return (
    <>
      <Field
        label="Code"
        hint="The body of an async function: args holds the call's arguments; return a JSON value, throw to fail. No network, timers or storage; console output is dropped. Tab leaves the editor; Ctrl+Space completes."
      >
        {({ id, describedBy }) => (
          <LazyCodeEditor
            id={id}
            label="Code"
            language="javascript"
            multiline
            rows={8}
            value={code.value}
            onChange={code.setText}
            onBlur={code.finish}
            onCommit={code.finish}
            onEscape={code.discard}
            describedBy={describedBy}
            check={{ kind: "sandbox", failure: failure?.code === code.value ? failure : null }}
          />
        )}
      </Field>
      <NumberField
        label="Timeout (ms)"
        value={config.timeout_ms}
        min={10}
        max={60_000}
        step={100}
        onCommit={(v) => v !== undefined && set({ timeout_ms: v })}
      />
      <NumberField
        label="Memory limit (MB)"
        value={config.memory_limit_mb}
        min={1}
        max={512}
        step={1}
        onCommit={(v) => v !== undefined && set({ memory_limit_mb: v })}
      />
      <div className="mb-2">
        <span className={labelClass}>Sample arguments</span>
        <LazyCodeEditor label="Sample arguments" language="json" multiline rows={2} value={sample} onChange={setSample} check={{ kind: "json" }} />
      </div>
      <div className="flex items-start gap-2">
        <button type="button" className={buttonClass} disabled={testing} onClick={test}>
          {testing ? "Testing…" : "Test"}
        </button>
        <output aria-label="Test result" aria-live="polite" className={`${hintClass} font-mono whitespace-pre-wrap`}>
          {result}
        </output>
      </div>
    </>
  );
}
