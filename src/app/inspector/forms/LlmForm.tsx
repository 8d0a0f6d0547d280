// Inspector form of an LLM node: one model call with a system prompt, a prompt template and an
// optional structured-output schema.
import { useEditor } from "../../store/hooks";
import { JsonField, mustBeObject } from "../fields/JsonField";
import { TextField } from "../fields/TextField";
import { ModelCallFields } from "./ModelCallFields";
import { ScriptEditor } from "./ScriptEditor";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";

export function LlmForm({ node }: NodeFormProps<"llm">) {
  const update = useNodeUpdate(node);
  const channels = useEditor((s) => s.document.state.channels);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <ModelCallFields data={data} update={update} />
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
