// Inspector form of End: its name.
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";

export function EndForm({ node }: NodeFormProps<"end">) {
  const update = useNodeUpdate(node);
  return <NameField value={node.data.name} update={update} />;
}
