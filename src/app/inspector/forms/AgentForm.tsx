// Inspector form of an Agent: identity, prompt, model, tools, default tools, timezone, intents,
// limits, hidden, and scripted-model rules; a button opens its compiled inner loop.
import { defaultToolNames } from "../../../schema/index.js";
import { openInnerLoop } from "../../canvas/innerLoop/innerLoopHost";
import { useEditor } from "../../store/hooks";
import { CheckboxField } from "../fields/CheckboxField";
import { CheckboxGroup } from "../fields/CheckboxGroup";
import { NumberField } from "../fields/NumberField";
import { buttonClass } from "../fields/styles";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { ForcedToolFields } from "./ForcedToolFields";
import { AgentKnowledgeField } from "./AgentKnowledgeField";
import { AgentMemoryField } from "./AgentMemoryField";
import { modelOptions, toolOptions } from "./options";
import { IntentsField } from "./IntentsField";
import { PlaceholderHint } from "./PlaceholderHint";
import { ScriptEditor } from "./ScriptEditor";
import type { NodeFormProps } from "./types";
import { timeZoneSuggestions, timeZoneValue } from "./timezone";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

const DEFAULT_TOOL_OPTIONS = defaultToolNames.map((name) => ({ value: name, label: name }));

export function AgentForm({ node }: NodeFormProps<"agent">) {
  const update = useNodeUpdate(node);
  const models = useEditor((s) => s.document.models);
  const tools = useEditor((s) => s.document.tools);
  const { data } = node;
  return (
    <>
      <button type="button" className={`${buttonClass} mb-2`} onClick={() => openInnerLoop(node.id)}>
        Show inner loop
      </button>
      <NameField value={data.name} update={update} hint="Also the handoff tool name and @mention: letters, digits, _ or -." />
      <DescriptionField value={data.description} update={update} />
      <TextField
        label="System prompt"
        value={data.system_prompt}
        multiline
        rows={6}
        onCommit={(system_prompt) => update({ system_prompt })}
        hint={(text) => <PlaceholderHint text={text} roots="state, input, agent, date" />}
      />
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
      <CheckboxGroup
        legend="Tools"
        options={toolOptions(tools)}
        selected={data.tools}
        onChange={(selected) => update({ tools: selected })}
        empty="The tools catalog is empty (add tools in the graph settings)."
      />
      <ForcedToolFields data={data} tools={tools} update={update} />
      <AgentKnowledgeField data={data} update={update} />
      <AgentMemoryField data={data} update={update} />
      <CheckboxGroup
        legend="Default tools"
        options={DEFAULT_TOOL_OPTIONS}
        selected={data.default_tools}
        onChange={(selected) => update({ default_tools: selected as typeof data.default_tools })}
      />
      <TextField
        label="Timezone"
        value={data.timezone ?? ""}
        placeholder="UTC"
        suggestions={timeZoneSuggestions()}
        onCommit={(text) => {
          const timezone = timeZoneValue(text);
          // false keeps the typed text (with the hint saying why) instead of storing a bad zone.
          if (timezone === null) return false;
          update({ timezone });
          return true;
        }}
        hint={(text) =>
          timeZoneValue(text) === null
            ? `“${text.trim()}” is not an IANA time zone (e.g. Europe/Paris); not saved.`
            : "For the date in the prompt and get_time_date."
        }
      />
      <IntentsField intents={data.intents} onChange={(intents) => update({ intents })} />
      <NumberField label="Max iterations" value={data.max_iterations} min={1} max={1000} step={1} onCommit={(n) => update({ max_iterations: n })} />
      <CheckboxField
        label="Hidden"
        checked={data.hidden}
        onChange={(hidden) => update({ hidden })}
        hint="Usable only through tools (an agent tool), with no parent agent."
      />
      <ScriptEditor script={data.script} onChange={(script) => update({ script })} />
    </>
  );
}
