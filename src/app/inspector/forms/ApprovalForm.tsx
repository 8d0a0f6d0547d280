// Inspector form of an Approval node: what the person is asked, the values under review, and
// whether they may edit them before approving.
import { CheckboxField } from "../fields/CheckboxField";
import { JsonField, mustBeObject } from "../fields/JsonField";
import { TextField } from "../fields/TextField";
import { OutputChannelField } from "./OutputChannelField";
import { PlaceholderHint } from "./PlaceholderHint";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";

export function ApprovalForm({ node }: NodeFormProps<"approval">) {
  const update = useNodeUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <TextField
        label="Message"
        value={data.message}
        multiline
        rows={2}
        onCommit={(message) => update({ message })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, results" />}
      />
      <JsonField
        label="Payload"
        value={data.payload}
        rows={4}
        check={mustBeObject}
        onCommit={(payload) => update({ payload: payload as typeof data.payload })}
        hint="The values under review, shown to the person; string values are templates over state, input and results."
      />
      <CheckboxField
        label="Allow edit"
        checked={data.allow_edit}
        onChange={(allow_edit) => update({ allow_edit })}
        hint="The person may change the payload before approving."
      />
      <OutputChannelField
        value={data.output_channel}
        onCommit={(output_channel) => update({ output_channel })}
        hint="Also store the decision, payload and reason in this state channel."
      />
    </>
  );
}
