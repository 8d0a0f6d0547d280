// An agent's long-term memory switch: on, it gets remember / recall / forget over facts of its
// own that outlive the conversation (listed and edited in the Memory panel).
import type { NodeOfKind } from "../../../schema/index.js";
import { CheckboxField } from "../fields/CheckboxField";

type AgentData = NodeOfKind<"agent">["data"];

export function AgentMemoryField({ data, update }: { data: AgentData; update(patch: Partial<AgentData>): void }) {
  return (
    <CheckboxField
      label="Long-term memory"
      checked={data.memory ?? false}
      onChange={(memory) => update({ memory })}
      hint="Gives this agent remember, recall and forget: facts it saves outlive the conversation and only it reads them (View › Memory lists them)."
    />
  );
}
