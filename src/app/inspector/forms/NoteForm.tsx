// Inspector form of a Note: its text.
import { TextField } from "../fields/TextField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";

export function NoteForm({ node }: NodeFormProps<"note">) {
  const update = useNodeUpdate(node);
  return <TextField label="Text" value={node.data.text} multiline rows={6} onCommit={(text) => update({ text })} />;
}
