// Inspector form of a Planner node: the model that plans tool actions, the tools it may plan
// with (or meta-tools for large catalogs), its limits and its scripted-model rules.
import { useEditor } from "../../store/hooks";
import { CheckboxGroup } from "../fields/CheckboxGroup";
import { NumberField } from "../fields/NumberField";
import { SelectField } from "../fields/SelectField";
import { ModelCallFields } from "./ModelCallFields";
import { toolOptions } from "./options";
import { ScriptEditor } from "./ScriptEditor";
import type { NodeFormProps } from "./types";
import { useNodeUpdate } from "./useNodeUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

const MODES = [
  { value: "catalog", label: "Catalog: the model sees the chosen tools" },
  { value: "meta_tools", label: "Meta-tools: discover_tools, get_tool_schema, invoke_tool" },
];

export function PlannerForm({ node }: NodeFormProps<"planner">) {
  const update = useNodeUpdate(node);
  const tools = useEditor((s) => s.document.tools);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <ModelCallFields data={data} update={update} />
      <SelectField label="Planning mode" value={data.mode} options={MODES} onChange={(mode) => update({ mode: mode as typeof data.mode })} />
      <CheckboxGroup
        legend="Tools"
        options={toolOptions(tools)}
        selected={data.tools}
        onChange={(selected) => update({ tools: selected })}
        empty="The tools catalog is empty (add tools in the graph settings)."
      />
      <NumberField
        label="Max actions"
        value={data.max_actions}
        min={1}
        max={200}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_actions: Math.min(200, Math.max(1, Math.round(n))) })}
      />
      <NumberField
        label="Max iterations"
        value={data.max_iterations}
        min={1}
        max={100}
        step={1}
        onCommit={(n) => n !== undefined && update({ max_iterations: Math.min(100, Math.max(1, Math.round(n))) })}
      />
      <DescriptionField value={data.description} update={update} />
      <ScriptEditor script={data.script} onChange={(script) => update({ script })} />
    </>
  );
}
