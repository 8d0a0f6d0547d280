// State channels of the graph: name, type, reducer and default value.
import type { StateChannel } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { JsonField } from "../fields/JsonField";
import { ItemGroup, Section } from "../fields/Section";
import { SelectField } from "../fields/SelectField";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";
import { freshName, patchAt, removeAt, useGraphUpdate } from "./useGraphUpdate";

const TYPES = ["string", "number", "boolean", "object", "array", "any"].map((t) => ({ value: t, label: t }));
const REDUCERS = [
  { value: "replace", label: "replace (last write wins)" },
  { value: "append", label: "append (lists grow)" },
  { value: "merge", label: "merge (objects merge)" },
];

export function ChannelsEditor() {
  const channels = useEditor((s) => s.document.state.channels);
  const update = useGraphUpdate();
  const set = (next: StateChannel[]) => update((d) => ({ ...d, state: { ...d.state, channels: next } }));
  const add = () =>
    set([
      ...channels,
      {
        name: freshName(
          "channel",
          channels.map((c) => c.name),
        ),
        type: "string",
        reducer: "replace",
      },
    ]);
  return (
    <Section
      title="State channels"
      actions={
        <button type="button" className={buttonClass} onClick={add}>
          Add channel
        </button>
      }
    >
      {channels.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">Only the built-in channels (messages, active_agent, route, …).</p>}
      {channels.map((channel, i) => (
        <ItemGroup
          key={i}
          legend={`Channel ${channel.name}`}
          actions={
            <button type="button" className={dangerButtonClass} aria-label={`Remove channel ${channel.name}`} onClick={() => set(removeAt(channels, i))}>
              Remove
            </button>
          }
        >
          <TextField label="Name" value={channel.name} onCommit={(name) => set(patchAt(channels, i, { name }))} />
          <SelectField
            label="Type"
            value={channel.type}
            options={TYPES}
            onChange={(type) => set(patchAt(channels, i, { type: type as StateChannel["type"] }))}
          />
          <SelectField
            label="Reducer"
            value={channel.reducer}
            options={REDUCERS}
            onChange={(reducer) => set(patchAt(channels, i, { reducer: reducer as StateChannel["reducer"] }))}
          />
          <JsonField
            label="Default"
            value={channel.default}
            optional
            rows={2}
            onCommit={(value) => set(patchAt(channels, i, { default: value as StateChannel["default"] }))}
            hint="JSON; empty for none."
          />
        </ItemGroup>
      ))}
    </Section>
  );
}
