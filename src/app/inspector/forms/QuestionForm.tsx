// Inspector form of a Question node: the question and its options (each option id is a branch).
import type { QuestionOption } from "../../../schema/index.js";
import { OrderedList } from "../fields/OrderedList";
import { TextField } from "../fields/TextField";
import { freshName } from "../graph/useGraphUpdate";
import { OutputChannelField } from "./OutputChannelField";
import { PlaceholderHint } from "./PlaceholderHint";
import type { NodeFormProps } from "./types";
import { useBranchUpdate } from "./useBranchUpdate";
import { NameField } from "./NameField";

export function QuestionForm({ node }: NodeFormProps<"question">) {
  const update = useBranchUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <TextField
        label="Question"
        value={data.question}
        multiline
        rows={2}
        onCommit={(question) => question.trim() && update({ question })}
        hint={(text) => (text.trim() ? <PlaceholderHint text={text} roots="state, input, results" /> : "A question is required; not saved while empty.")}
      />
      <OrderedList<QuestionOption>
        title="Options"
        noun="option"
        ordered
        min={1}
        items={data.options}
        onChange={(options) => update({ options })}
        create={(options) => {
          const id = freshName(
            "option",
            options.map((o) => o.id),
          );
          return { id, label: id };
        }}
        legend={(option) => `Option ${option.id}`}
      >
        {(option, patch, i) => (
          <>
            <TextField
              label="Id"
              value={option.id}
              mono
              onCommit={(id) => {
                const taken = data.options.some((o, j) => j !== i && o.id === id.trim());
                if (id.trim() && !taken) patch({ id: id.trim() });
              }}
              hint="Also the branch's handle id; unique, letters, digits, _ or -."
            />
            <TextField label="Label" value={option.label} onCommit={(label) => label.trim() && patch({ label })} />
          </>
        )}
      </OrderedList>
      <OutputChannelField
        value={data.output_channel}
        onCommit={(output_channel) => update({ output_channel })}
        hint="Also store the chosen option id in this state channel."
      />
    </>
  );
}
