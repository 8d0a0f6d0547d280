// Inspector form of a Loop node: the condition that keeps the Body going, and the circuit breaker.
import { NumberField } from "../fields/NumberField";
import { SelectField } from "../fields/SelectField";
import { ConditionField } from "./ConditionField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

const ON_LIMIT = [
  { value: "exit", label: "Leave through Exit (recorded as exhausted)" },
  { value: "error", label: "Stop the run with an error" },
];

export function LoopForm({ node }: NodeFormProps<"loop">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <ConditionField
        value={data.condition}
        onCommit={(condition) => update({ condition })}
        hint="CEL over state, input, results and loop (loop.count: passes so far), or a condition's name. True runs Body again; false leaves through Exit."
      />
      <NumberField
        label="Max loops"
        value={data.max_loops}
        min={1}
        max={10_000}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_loops: Math.max(1, Math.round(n)) })}
      />
      <SelectField label="At the limit" value={data.on_limit} options={ON_LIMIT} onChange={(value) => update({ on_limit: value as typeof data.on_limit })} />
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
