// The free-text Description field of the node kinds that carry one.
import { TextField } from "../fields/TextField";

export function DescriptionField({ value, update }: { value: string; update: (patch: { description: string }) => void }) {
  return <TextField label="Description" value={value} multiline rows={2} onCommit={(description) => update({ description })} />;
}
