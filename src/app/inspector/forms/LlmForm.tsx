// Inspector form of an LLM node: one model call with a system prompt, a prompt template and an
// optional structured-output schema.
import { useEditor } from "../../store/hooks";
import { JsonField, mustBeObject } from "../fields/JsonField";
import { NumberField } from "../fields/NumberField";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { modelOptions } from "./options";
import { PlaceholderHint } from "./PlaceholderHint";
import { ScriptEditor } from "./ScriptEditor";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";

export function LlmForm({ node }: NodeFormProps<"llm">) {
  const update = useNodeUpdate(node);
  const models = useEditor((s) => s.document.models);
  const channels = useEditor((s) => s.document.state.channels);
  const { data } = node;
  return (
    <>
      <TextField label="Name" value={data.name} onCommit={(name) => update({ name })} />
      <SelectField label="Model" value={data.model} options={modelOptions(models)} onChange={(model) => update({ model })} />
      <NumberField label="Temperature" value={data.temperature} min={0} max={2} step={0.1} optional placeholder="profile default" onCommit={(temperature) => update({ temperature })} />
      <TextField
        label="System prompt"
        value={data.system_prompt}
        multiline
        rows={4}
        onCommit={(system_prompt) => update({ system_prompt })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, results" />}
      />
      <TextField
        label="Prompt"
        value={data.prompt}
        multiline
        rows={3}
        onCommit={(prompt) => update({ prompt })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, results" />}
      />
      <TextField
        label="Output channel"
        value={data.output_channel ?? ""}
        placeholder="none"
        suggestions={channels.map((c) => c.name)}
        onCommit={(text) => update({ output_channel: text.trim() || undefined })}
        hint={data.output_schema ? "Also store the parsed JSON reply in this state channel." : "Also store the reply text in this state channel."}
      />
      <JsonField
        label="Output schema"
        value={data.output_schema}
        optional
        rows={5}
        check={mustBeObject}
        onCommit={(schema) => update({ output_schema: schema as typeof data.output_schema })}
        hint='Structured output: a JSON Schema the reply must match, e.g. {"type":"object","properties":{"score":{"type":"number"}}}. Empty for plain text.'
      />
      <ScriptEditor script={data.script} onChange={(script) => update({ script })} />
    </>
  );
}
