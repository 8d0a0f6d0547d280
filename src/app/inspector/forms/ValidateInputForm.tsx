// Inspector form of a Validate input node: the length limit and the replies to empty or too long messages.
import { NumberField } from "../fields/NumberField";
import { TextField } from "../fields/TextField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function ValidateInputForm({ node }: NodeFormProps<"validate_input">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <NumberField
        label="Max length"
        value={data.max_length}
        min={1}
        max={1_000_000}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_length: Math.max(1, Math.round(n)) })}
      />
      <TextField
        label="Empty message"
        value={data.empty_message}
        multiline
        rows={2}
        onCommit={(empty_message) => update({ empty_message })}
        hint="The reply to an empty message (leaves through Invalid)."
      />
      <TextField
        label="Too long message"
        value={data.too_long_message}
        multiline
        rows={2}
        onCommit={(too_long_message) => update({ too_long_message })}
        hint="The reply to a message over the limit; {{ max_length }} and {{ length }} are filled in."
      />
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
