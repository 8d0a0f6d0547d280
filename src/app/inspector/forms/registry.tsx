// The one table of inspector forms, one per node kind.
import type { ComponentType } from "react";
import type { GraphNode, NodeKind } from "../../../schema/index.js";
import { AgentForm } from "./AgentForm";
import { ApprovalForm } from "./ApprovalForm";
import { EndForm } from "./EndForm";
import { ExecuteForm } from "./ExecuteForm";
import { FinalizeForm } from "./FinalizeForm";
import { IfForm } from "./IfForm";
import { LlmForm } from "./LlmForm";
import { LoopForm } from "./LoopForm";
import { NoteForm } from "./NoteForm";
import { ParallelForm } from "./ParallelForm";
import { PlannerForm } from "./PlannerForm";
import { QuestionForm } from "./QuestionForm";
import { RouterForm } from "./RouterForm";
import { SetStateForm } from "./SetStateForm";
import { StartForm } from "./StartForm";
import { SubgraphForm } from "./SubgraphForm";
import { SwitchForm } from "./SwitchForm";
import { ValidateInputForm } from "./ValidateInputForm";
import { ToolForm } from "./ToolForm";
import type { NodeFormProps } from "./types";

// A mapped type over NodeKind: a new kind does not compile until it has a form.
export const inspectorForms: { [K in NodeKind]: ComponentType<NodeFormProps<K>> } = {
  start: StartForm,
  end: EndForm,
  agent: AgentForm,
  llm: LlmForm,
  tool: ToolForm,
  note: NoteForm,
  approval: ApprovalForm,
  question: QuestionForm,
  if: IfForm,
  switch: SwitchForm,
  loop: LoopForm,
  parallel: ParallelForm,
  set_state: SetStateForm,
  subgraph: SubgraphForm,
  router: RouterForm,
  finalize: FinalizeForm,
  validate_input: ValidateInputForm,
  planner: PlannerForm,
  execute: ExecuteForm,
};

/** The form of a node's kind, keyed by node so a form never carries one node's draft over to another. */
export function NodeForm({ node }: { node: GraphNode }) {
  // TypeScript cannot correlate `node.kind` with the table entry's props; the table's type guarantees they match.
  const Form = inspectorForms[node.kind] as ComponentType<{ node: GraphNode }>;
  return <Form key={node.id} node={node} />;
}
