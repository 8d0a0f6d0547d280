// Named CEL conditions (seed 003's registry) that If, Loop and conditional edges refer to by name.
import type { Condition } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { ItemGroup, Section } from "../fields/Section";
import { ExpressionField } from "../fields/ExpressionField";
import { buttonClass, dangerButtonClass } from "../fields/styles";
import { TextField } from "../fields/TextField";
import { freshName, patchAt, removeAt, useGraphUpdate } from "./useGraphUpdate";

export function ConditionsEditor() {
  const conditions = useEditor((s) => s.document.conditions);
  const update = useGraphUpdate();
  const set = (next: Condition[]) => update((d) => ({ ...d, conditions: next }));
  const add = () =>
    set([
      ...conditions,
      {
        name: freshName(
          "condition",
          conditions.map((c) => c.name),
        ),
        expression: "true",
      },
    ]);
  return (
    <Section
      title="Conditions"
      actions={
        <button type="button" className={buttonClass} onClick={add}>
          Add condition
        </button>
      }
    >
      {conditions.map((condition, i) => (
        <ItemGroup
          key={i}
          legend={`Condition ${condition.name}`}
          actions={
            <button type="button" className={dangerButtonClass} aria-label={`Remove condition ${condition.name}`} onClick={() => set(removeAt(conditions, i))}>
              Remove
            </button>
          }
        >
          <TextField label="Name" value={condition.name} onCommit={(name) => set(patchAt(conditions, i, { name }))} />
          <ExpressionField
            label="Expression"
            value={condition.expression}
            onCommit={(expression) => set(patchAt(conditions, i, { expression }))}
            hint="CEL over state, input and results; If, Loop and edges can use the name."
          />
        </ItemGroup>
      ))}
    </Section>
  );
}
