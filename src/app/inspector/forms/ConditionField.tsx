// The condition of an If or Loop: a CEL expression, or the name of a registered condition
// (graph settings → Conditions), checked as you type with errors shown at their position.
import { useEditorShallow } from "../../store/hooks";
import { ExpressionField } from "../fields/ExpressionField";

export function ConditionField({ label = "Condition", value, onCommit, hint }: { label?: string; value: string; onCommit(text: string): void; hint?: string }) {
  const names = useEditorShallow((s) => s.document.conditions.map((c) => c.name));
  return (
    <ExpressionField
      label={label}
      value={value}
      onCommit={onCommit}
      suggestions={names}
      hint={hint ?? `CEL over state, input and results${names.length > 0 ? `, or a condition's name: ${names.join(", ")}` : ""}.`}
    />
  );
}
