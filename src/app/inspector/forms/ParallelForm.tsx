// Inspector form of a Parallel node: how many branches run at once, and an optional time limit.
import { NumberField } from "../fields/NumberField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function ParallelForm({ node }: NodeFormProps<"parallel">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">
        Every outgoing edge starts a branch; where the branches meet, the join waits for all of them.
      </p>
      <NumberField
        label="Max concurrency"
        value={data.max_concurrency}
        min={1}
        max={100}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_concurrency: Math.min(100, Math.max(1, Math.round(n))) })}
      />
      <NumberField
        label="Timeout (ms)"
        value={data.timeout_ms}
        min={10}
        max={600_000}
        step={100}
        optional
        placeholder="none"
        onCommit={(timeout_ms) => update({ timeout_ms: timeout_ms === undefined ? undefined : Math.round(timeout_ms) })}
      />
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
