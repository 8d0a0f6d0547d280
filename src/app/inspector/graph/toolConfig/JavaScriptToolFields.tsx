// The config form of a JavaScript tool: its code (the body of an async function with `args`),
// deadline and memory limit, and a Test button that runs the code in the page's sandboxed
// frame with sample arguments, as a call would, without running the graph.
import { useState } from "react";
import type { ToolOfKind } from "../../../../schema/index.js";
import { runInFrame } from "../../../services/sandboxRelay";
import type { SandboxOutcome } from "../../../../worker/protocol";
import { NumberField } from "../../fields/NumberField";
import { TextField } from "../../fields/TextField";
import { buttonClass, hintClass, inputClass, labelClass } from "../../fields/styles";
import type { ToolConfigProps } from "./toolConfigFields";

type JavaScript = ToolOfKind<"javascript">["config"];

/** What a test run shows: the result as JSON, or the error as the model would read it. */
function outcomeText(outcome: SandboxOutcome): string {
  return outcome.ok ? `Result: ${JSON.stringify(outcome.value, null, 2)}` : `Error: ${outcome.message}`;
}

export function JavaScriptToolFields({ config, onConfig }: ToolConfigProps<JavaScript>) {
  const set = (change: Partial<JavaScript>) => onConfig({ ...config, ...change });
  const [sample, setSample] = useState("{}");
  const [result, setResult] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);

  const test = () => {
    let args: unknown;
    try {
      args = JSON.parse(sample);
    } catch (cause) {
      setResult(`Error: the sample arguments are not JSON (${cause instanceof Error ? cause.message : String(cause)})`);
      return;
    }
    setTesting(true);
    setResult(null);
    void runInFrame({ code: config.code, args, timeoutMs: config.timeout_ms, memoryLimitBytes: config.memory_limit_mb * 1024 * 1024 })
      .then(outcomeText, (error: unknown) => `Error: ${error instanceof Error ? error.message : String(error)}`)
      .then(setResult)
      .finally(() => setTesting(false));
  };

  return (
    <>
      <TextField
        label="Code"
        value={config.code}
        multiline
        rows={8}
        mono
        onCommit={(code) => set({ code })}
        hint="The body of an async function: args holds the call's arguments; return a JSON value, throw to fail. No network, timers or storage; console output is dropped."
      />
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
      <label className={labelClass}>
        Sample arguments
        <textarea className={`${inputClass} font-mono text-xs`} rows={2} value={sample} onChange={(event) => setSample(event.target.value)} />
      </label>
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
