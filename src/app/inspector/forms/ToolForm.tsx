// Inspector form of a Tool node: which catalog tool to run and its templated arguments.
import { useEditor } from "../../store/hooks";
import { JsonField, mustBeObject } from "../fields/JsonField";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { toolOptions } from "./options";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";

export function ToolForm({ node }: NodeFormProps<"tool">) {
  const update = useNodeUpdate(node);
  const tools = useEditor((s) => s.document.tools);
  const channels = useEditor((s) => s.document.state.channels);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <SelectField
        label="Tool"
        value={data.tool}
        options={toolOptions(tools)}
        onChange={(tool) => update({ tool })}
        hint={tools.length === 0 ? "Add tools to the catalog in the graph settings." : undefined}
      />
      <JsonField
        label="Args"
        value={data.args}
        rows={4}
        check={mustBeObject}
        onCommit={(args) => update({ args: args as typeof data.args })}
        hint="String values are templates over state, input and results, e.g. {{ state.city }}."
      />
      <TextField
        label="Output channel"
        value={data.output_channel ?? ""}
        placeholder="none"
        suggestions={channels.map((c) => c.name)}
        onCommit={(text) => update({ output_channel: text.trim() || undefined })}
      />
    </>
  );
}
