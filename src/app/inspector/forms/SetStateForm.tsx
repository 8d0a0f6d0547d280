// Inspector form of a Set state node: assignments channel ← CEL, applied through each channel's
// reducer (append and merge combine with what is there; replace overwrites).
import type { Assignment } from "../../../schema/index.js";
import { useEditorShallow } from "../../store/hooks";
import { ExpressionField } from "../fields/ExpressionField";
import { OrderedList } from "../fields/OrderedList";
import { TextField } from "../fields/TextField";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function SetStateForm({ node }: NodeFormProps<"set_state">) {
  const update = useNodeUpdate(node);
  const channels = useEditorShallow((s) => s.document.state.channels.map((c) => `${c.name}:${c.reducer}`));
  const reducerOf = (name: string) => channels.find((c) => c.startsWith(`${name}:`))?.split(":")[1];
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <OrderedList<Assignment>
        title="Assignments"
        noun="assignment"
        min={1}
        items={data.assignments}
        onChange={(assignments) => update({ assignments })}
        create={() => ({ channel: channels[0]?.split(":")[0] ?? "note", expression: "input" })}
        legend={(a) => `Assignment ${a.channel}`}
      >
        {(assignment, patch) => (
          <>
            <TextField
              label="Channel"
              value={assignment.channel}
              mono
              suggestions={channels.map((c) => c.split(":")[0] ?? c)}
              onCommit={(channel) => channel.trim() && patch({ channel: channel.trim() })}
              hint={(text) => {
                const reducer = reducerOf(text.trim());
                return reducer
                  ? `Reducer ${reducer}: ${reducer === "replace" ? "the value replaces the channel" : "the value is combined with the channel"}.`
                  : "Not a declared channel (add it in the graph settings).";
              }}
            />
            <ExpressionField
              label="Value"
              value={assignment.expression}
              onCommit={(expression) => patch({ expression })}
              hint="CEL over state, input and results."
            />
          </>
        )}
      </OrderedList>
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
