// Inspector form of a Subgraph node: which saved graph runs, the message it gets, and what of
// its result comes back into this graph's state.
import type { OutputMapping } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { NO_GRAPH } from "../../store/nodeDefaults";
import { OrderedList } from "../fields/OrderedList";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { OutputChannelField } from "./OutputChannelField";
import { PlaceholderHint } from "./PlaceholderHint";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { useSavedGraphs } from "./useSavedGraphs";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

export function SubgraphForm({ node }: NodeFormProps<"subgraph">) {
  const update = useNodeUpdate(node);
  const openId = useEditor((s) => s.document.meta.id);
  const { graphs, error } = useSavedGraphs();
  const { data } = node;
  // A graph cannot run itself as a subgraph.
  const saved = (graphs ?? []).filter((g) => g.id !== openId).map((g) => ({ value: g.id, label: g.name }));
  const options = data.graph === NO_GRAPH ? [{ value: NO_GRAPH, label: "Choose a graph…" }, ...saved] : saved;
  const hint =
    error ??
    (graphs === null
      ? "Loading your graphs…"
      : saved.length === 0
        ? "Save another graph first (New graph or Templates): this one cannot run itself."
        : undefined);
  return (
    <>
      <NameField value={data.name} update={update} />
      <SelectField label="Graph" value={data.graph} options={options} onChange={(graph) => update({ graph })} hint={hint} />
      <TextField
        label="Input"
        value={data.input}
        multiline
        rows={2}
        onCommit={(input) => update({ input })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, results" />}
      />
      <OutputChannelField
        value={data.output_channel}
        onCommit={(output_channel) => update({ output_channel })}
        hint="Also store the saved graph's reply in this state channel."
      />
      <OrderedList<OutputMapping>
        title="Outputs"
        noun="output"
        items={data.outputs}
        onChange={(outputs) => update({ outputs })}
        create={() => ({ from: "reply", to: "reply" })}
        legend={(m) => `Output ${m.from} to ${m.to}`}
        empty="Only the reply comes back."
      >
        {(mapping, patch) => (
          <>
            <TextField
              label="From channel"
              value={mapping.from}
              mono
              onCommit={(from) => from.trim() && patch({ from: from.trim() })}
              hint="A channel of the saved graph (reply: its final answer)."
            />
            <TextField label="To channel" value={mapping.to} mono onCommit={(to) => to.trim() && patch({ to: to.trim() })} />
          </>
        )}
      </OrderedList>
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
