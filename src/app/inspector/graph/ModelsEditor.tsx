// Model profiles of the graph: provider, model, temperature, base URL, fallbacks, tool calling, prices. Never keys.
import type { ModelProfile } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { CheckboxField } from "../fields/CheckboxField";
import { NumberField } from "../fields/NumberField";
import { ItemGroup, Section } from "../fields/Section";
import { SelectField } from "../fields/SelectField";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";
import { withPrice, type PriceField } from "./profilePrices";
import { freshName, patchAt, removeAt, useGraphUpdate } from "./useGraphUpdate";

const PROVIDERS = [
  { value: "scripted", label: "Scripted (built in, offline)" },
  { value: "openai", label: "OpenAI-compatible" },
  { value: "anthropic", label: "Anthropic" },
];

/** Price fields of a profile, in USD per million tokens: the timeline and playground show costs from them. */
const PRICE_FIELDS: { field: PriceField; label: string; placeholder: string }[] = [
  { field: "input_per_million", label: "Input price (USD per 1M tokens)", placeholder: "no prices" },
  { field: "output_per_million", label: "Output price (USD per 1M tokens)", placeholder: "no prices" },
  { field: "cached_input_per_million", label: "Cached input price (USD per 1M tokens)", placeholder: "input price" },
  { field: "cache_write_per_million", label: "Cache write price (USD per 1M tokens)", placeholder: "input price" },
];

export function ModelsEditor() {
  const models = useEditor((s) => s.document.models);
  const update = useGraphUpdate();
  const set = (next: ModelProfile[]) => update((d) => ({ ...d, models: next }));
  const add = () =>
    set([
      ...models,
      {
        id: freshName(
          "model",
          models.map((m) => m.id),
        ),
        provider: "openai",
        model: "gpt-4o-mini",
        fallbacks: [],
        tool_calling: true,
      },
    ]);
  return (
    <Section
      title="Model profiles"
      actions={
        <button type="button" className={buttonClass} onClick={add}>
          Add model profile
        </button>
      }
    >
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">API keys live in Settings, never in the graph.</p>
      {models.map((model, i) => (
        <ItemGroup
          key={i}
          legend={`Model profile ${model.id}`}
          actions={
            <button type="button" className={dangerButtonClass} aria-label={`Remove model profile ${model.id}`} onClick={() => set(removeAt(models, i))}>
              Remove
            </button>
          }
        >
          <TextField label="ID" value={model.id} onCommit={(id) => set(patchAt(models, i, { id }))} />
          <SelectField
            label="Provider"
            value={model.provider}
            options={PROVIDERS}
            onChange={(provider) => set(patchAt(models, i, { provider: provider as ModelProfile["provider"] }))}
          />
          <TextField label="Model" value={model.model} onCommit={(name) => set(patchAt(models, i, { model: name }))} />
          <NumberField
            label="Temperature"
            value={model.temperature}
            optional
            min={0}
            max={2}
            step={0.1}
            placeholder="provider default"
            onCommit={(temperature) => set(patchAt(models, i, { temperature }))}
          />
          <TextField
            label="Base URL"
            value={model.base_url ?? ""}
            placeholder="provider default"
            onCommit={(url) => set(patchAt(models, i, { base_url: url.trim() || undefined }))}
          />
          <TextField
            label="Fallbacks"
            value={model.fallbacks.join(", ")}
            placeholder="other profile ids, in order"
            suggestions={models.filter((m) => m.id !== model.id).map((m) => m.id)}
            onCommit={(text) =>
              set(
                patchAt(models, i, {
                  fallbacks: text
                    .split(",")
                    .map((s) => s.trim())
                    .filter(Boolean),
                }),
              )
            }
          />
          <CheckboxField
            label="Tool calling"
            checked={model.tool_calling}
            onChange={(tool_calling) => set(patchAt(models, i, { tool_calling }))}
            hint="Untick for models without tool calling: agents fall back to plain chat."
          />
          {PRICE_FIELDS.map(({ field, label, placeholder }) => (
            <NumberField
              key={field}
              label={label}
              value={model.prices?.[field]}
              optional
              min={0}
              step={0.01}
              placeholder={placeholder}
              onCommit={(value) => set(patchAt(models, i, { prices: withPrice(model.prices, field, value) }))}
            />
          ))}
        </ItemGroup>
      ))}
    </Section>
  );
}
