// An agent's knowledge bases: one checkbox per base of the graph. Only the agents a base is
// assigned to get its `search_<name>` tool (seed 002).
import type { AgentData, KnowledgeBase } from "../../../schema/index.js";
import { useEditor } from "../../store/hooks";
import { CheckboxGroup } from "../fields/CheckboxGroup";

const NO_BASES: readonly KnowledgeBase[] = [];

interface AgentKnowledgeFieldProps {
  data: Pick<AgentData, "knowledge_bases">;
  update(patch: Partial<Pick<AgentData, "knowledge_bases">>): void;
}

export function AgentKnowledgeField({ data, update }: AgentKnowledgeFieldProps) {
  const bases = useEditor((s) => s.document.knowledge_bases ?? NO_BASES);
  return (
    <CheckboxGroup
      legend="Knowledge bases"
      options={bases.map((base) => ({ value: base.id, label: base.name }))}
      selected={data.knowledge_bases ?? []}
      onChange={(selected) => update({ knowledge_bases: selected.length > 0 ? selected : undefined })}
      empty="No knowledge bases (add one in the graph settings)."
    />
  );
}
