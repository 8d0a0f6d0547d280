// Inspector form of a Switch node: the variable (CEL) and its cases; the first case equal to
// the variable's value picks its branch, else Default. Case ids are the branches' handle ids.
import { SWITCH_DEFAULT, type SwitchCase } from "../../../schema/index.js";
import { ExpressionField } from "../fields/ExpressionField";
import { OrderedList } from "../fields/OrderedList";
import { SelectField } from "../fields/SelectField";
import { TextField } from "../fields/TextField";
import { freshName } from "../graph/useGraphUpdate";
import type { NodeFormProps } from "./types";
import { useBranchUpdate } from "./useBranchUpdate";
import { NameField } from "./NameField";
import { DescriptionField } from "./DescriptionField";

type ValueType = "string" | "number" | "boolean";
const VALUE_TYPES = [
  { value: "string", label: "Text" },
  { value: "number", label: "Number" },
  { value: "boolean", label: "Boolean" },
];

/** A case value read from the text field as the chosen type; null when it is not one. */
export function caseValue(text: string, type: ValueType): SwitchCase["value"] | null {
  if (type === "string") return text;
  if (type === "boolean") return text.trim() === "true" ? true : text.trim() === "false" ? false : null;
  const number = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(number) ? number : null;
}

function typeOf(value: SwitchCase["value"]): ValueType {
  return typeof value === "number" ? "number" : typeof value === "boolean" ? "boolean" : "string";
}

export function SwitchForm({ node }: NodeFormProps<"switch">) {
  const update = useBranchUpdate(node);
  const { data } = node;
  return (
    <>
      <NameField value={data.name} update={update} />
      <ExpressionField
        label="Variable"
        value={data.variable}
        onCommit={(variable) => update({ variable })}
        hint="CEL over state, input and results whose value is compared with each case, e.g. state.mode."
      />
      <OrderedList<SwitchCase>
        title="Cases"
        noun="case"
        ordered
        items={data.cases}
        onChange={(cases) => update({ cases })}
        create={(cases) => {
          const id = freshName("case", [...cases.map((c) => c.id), SWITCH_DEFAULT]);
          return { id, value: id };
        }}
        legend={(c) => `Case ${c.id}`}
        empty="No cases: every value takes Default."
      >
        {(item, patch, i) => (
          <>
            <TextField
              label="Id"
              value={item.id}
              mono
              onCommit={(text) => {
                const id = text.trim();
                const taken = id === SWITCH_DEFAULT || data.cases.some((c, j) => j !== i && c.id === id);
                if (/^[A-Za-z0-9_-]+$/.test(id) && !taken) patch({ id });
              }}
              hint="The branch's handle id: unique, letters, digits, _ or - (not “default”)."
            />
            <TextField
              label="Label"
              value={item.label ?? ""}
              placeholder={String(item.value)}
              onCommit={(label) => patch({ label: label.trim() || undefined })}
            />
            <TextField
              label="Value"
              value={String(item.value)}
              onCommit={(text) => {
                const value = caseValue(text, typeOf(item.value));
                if (value !== null) patch({ value });
              }}
            />
            <SelectField
              label="Value type"
              value={typeOf(item.value)}
              options={VALUE_TYPES}
              onChange={(type) =>
                patch({ value: caseValue(String(item.value), type as ValueType) ?? (type === "number" ? 0 : type === "boolean" ? true : String(item.value)) })
              }
            />
          </>
        )}
      </OrderedList>
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">Default: taken when no case matches.</p>
      <DescriptionField value={data.description} update={update} />
    </>
  );
}
