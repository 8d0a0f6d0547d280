// Inspector form of an If node: the condition that picks the True or False branch.
import { TextField } from "../fields/TextField";
import { ConditionField } from "./ConditionField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";

export function IfForm({ node }: NodeFormProps<"if">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <TextField label="Name" value={data.name} onCommit={(name) => update({ name })} />
      <ConditionField value={data.condition} onCommit={(condition) => update({ condition })} />
      <TextField label="Description" value={data.description} multiline rows={2} onCommit={(description) => update({ description })} />
    </>
  );
}
