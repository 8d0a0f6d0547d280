// Inspector form of an If node: the condition that picks the True or False branch.
import { ConditionField } from "./ConditionField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function IfForm({ node }: NodeFormProps<"if">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <ConditionField value={data.condition} onCommit={(condition) => update({ condition })} />
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
