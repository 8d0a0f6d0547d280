// Inspector form of an Execute node: how the plan's actions run (route_execution), with the
// worker bound, the per-action time limit and confirmation of destructive actions.
import { NumberField } from "../fields/NumberField";
import { SelectField } from "../fields/SelectField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

const MODES = [
  { value: "auto", label: "Auto: confirm destructive, else sequential with dependencies, else parallel" },
  { value: "sequential", label: "Sequential (topological order, results injected)" },
  { value: "parallel", label: "Parallel (bounded workers)" },
];

export function ExecuteForm({ node }: NodeFormProps<"execute">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <SelectField label="Mode" value={data.mode} options={MODES} onChange={(mode) => update({ mode: mode as typeof data.mode })} />
      <NumberField
        label="Max workers"
        value={data.max_workers}
        min={1}
        max={100}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_workers: Math.min(100, Math.max(1, Math.round(n))) })}
      />
      <NumberField
        label="Timeout per action (ms)"
        value={data.timeout_ms}
        min={10}
        max={600_000}
        step={1000}
        onCommit={(n) => n !== undefined && update({ timeout_ms: Math.min(600_000, Math.max(10, Math.round(n))) })}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        A person approves, edits or rejects every action whose tool is marked destructive before any action runs.
      </p>
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
