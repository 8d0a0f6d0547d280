// The fields of a node that makes one model call: model profile, temperature, system prompt
// and prompt template (LLM and Planner nodes).
import { useEditor } from "../../store/hooks";
import { NumberField } from "../fields/NumberField";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { modelOptions } from "./options";
import { PlaceholderHint } from "./PlaceholderHint";

export interface ModelCallData {
  model: string;
  temperature?: number | undefined;
  system_prompt: string;
  prompt: string;
}

const hint = (text: string) => <PlaceholderHint text={text} roots="state, input, results" />;

export function ModelCallFields({ data, update }: { data: ModelCallData; update: (patch: Partial<ModelCallData>) => void }) {
  const models = useEditor((s) => s.document.models);
  return (
    <>
      <SelectField label="Model" value={data.model} options={modelOptions(models)} onChange={(model) => update({ model })} />
      <NumberField
        label="Temperature"
        value={data.temperature}
        min={0}
        max={2}
        step={0.1}
        optional
        placeholder="profile default"
        onCommit={(temperature) => update({ temperature })}
      />
      <TextField label="System prompt" value={data.system_prompt} multiline rows={4} onCommit={(system_prompt) => update({ system_prompt })} hint={hint} />
      <TextField label="Prompt" value={data.prompt} multiline rows={3} onCommit={(prompt) => update({ prompt })} hint={hint} />
    </>
  );
}
