// The intents of an agent (seed 000's list_intents_available): name and description pairs.
import type { AgentData } from "../../../schema/index.js";
import { ItemGroup, Section } from "../fields/Section";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";

type Intent = AgentData["intents"][number];

export function IntentsField({ intents, onChange }: { intents: readonly Intent[]; onChange(intents: Intent[]): void }) {
  const replace = (index: number, patch: Partial<Intent>) => onChange(intents.map((intent, i) => (i === index ? { ...intent, ...patch } : intent)));
  return (
    <Section
      title="Intents"
      actions={
        <button type="button" className={buttonClass} onClick={() => onChange([...intents, { name: `intent_${intents.length + 1}`, description: "" }])}>
          Add intent
        </button>
      }
    >
      {intents.length === 0 && <p className="text-xs text-zinc-500 dark:text-zinc-400">No intents; list_intents_available reports none.</p>}
      {intents.map((intent, index) => (
        <ItemGroup
          key={index}
          legend={`Intent ${index + 1}`}
          actions={
            <button
              type="button"
              className={dangerButtonClass}
              aria-label={`Remove intent ${index + 1}`}
              onClick={() => onChange(intents.filter((_, i) => i !== index))}
            >
              Remove
            </button>
          }
        >
          <TextField label={`Intent ${index + 1} name`} value={intent.name} onCommit={(name) => name.trim() && replace(index, { name: name.trim() })} />
          <TextField label={`Intent ${index + 1} description`} value={intent.description} onCommit={(description) => replace(index, { description })} />
        </ItemGroup>
      ))}
    </Section>
  );
}
