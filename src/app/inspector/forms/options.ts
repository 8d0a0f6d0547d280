/** Select options drawn from the document: model profiles and catalog tools. */
import type { ModelProfile, ToolDefinition } from "../../../schema/index.js";
import type { Option } from "../fields/SelectField";

export function modelOptions(models: readonly ModelProfile[]): Option[] {
  return models.map((m) => ({ value: m.id, label: m.id === m.model ? `${m.id} (${m.provider})` : `${m.id} (${m.provider}: ${m.model})` }));
}

export function toolOptions(tools: readonly ToolDefinition[]): Option[] {
  return tools.map((t) => ({ value: t.id, label: t.name === t.id ? t.name : `${t.name} (${t.id})` }));
}
