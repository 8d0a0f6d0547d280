// Inspector form of Start: its name.
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";

export function StartForm({ node }: NodeFormProps<"start">) {
  const update = useNodeUpdate(node);
  return <NameField value={node.data.name} update={update} />;
}
