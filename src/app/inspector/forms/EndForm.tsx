// Inspector form of End: its name.
import { TextField } from "../fields/TextField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";

export function EndForm({ node }: NodeFormProps<"end">) {
  const update = useNodeUpdate(node);
  return <TextField label="Name" value={node.data.name} onCommit={(name) => update({ name })} />;
}
