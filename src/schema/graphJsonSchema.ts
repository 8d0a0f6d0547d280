/**
 * The JSON Schema of the graph document (what a person may write: defaults are optional), with
 * named definitions so editors show `AgentNode` rather than `__schema7`. `scripts/gen-schema.ts`
 * writes it to `public/schema/graph.v1.json`; a test keeps that file in step with the zod schema.
 */
import { z } from "zod";
import * as doc from "./document.js";

type Definition = { id: string; title?: string; description: string };

function definitions(): [z.ZodType, Definition][] {
  const [startNode, endNode, agentNode, llmNode, toolNode, noteNode] = doc.nodeSchema.options;
  const [flowEdge, conditionalEdge, delegationEdge] = doc.edgeSchema.options;
  const nodeOfKind = (kind: doc.NodeKind): z.ZodType => doc.nodeSchema.options.find((o) => o.shape.kind.value === kind) as z.ZodType;
  return [
    [doc.metaSchema.shape.id, { id: "Id", description: "An id: letters, digits and _ . : -" }],
    [doc.identifier, { id: "Identifier", description: "A name that becomes a tool name or @mention: starts with a letter; then letters, digits, _ or -." }],
    [doc.jsonValue, { id: "JsonValue", description: "Any JSON value." }],
    [doc.metaSchema, { id: "Meta", description: "Who the graph is and what it is for." }],
    [doc.channelSchema, { id: "StateChannel", description: "A user state channel, on top of the built-in ones (messages, active_agent, route, …)." }],
    [doc.modelProfileSchema, { id: "ModelProfile", description: "A named model profile. Never holds keys: they are looked up by provider at run time." }],
    [doc.toolSchema, { id: "Tool", description: "A tool in the catalog; agents and tool nodes refer to it by id." }],
    ...doc.toolKinds.map((kind): [z.ZodType, Definition] => {
      const { schema, schemaId, description } = doc.toolKindDescriptors[kind];
      return [schema, { id: schemaId, description }];
    }),
    [doc.conditionSchema, { id: "Condition", description: "A named CEL expression that conditional edges can refer to by name." }],
    [doc.scriptSchema, { id: "Script", description: "Rules for the built-in scripted model." }],
    [doc.scriptRuleSchema, { id: "ScriptRule", description: "When the rule matches, the scripted model answers with reply and/or tool_calls." }],
    [doc.nodeSchema, { id: "Node", description: "A node on the canvas; `kind` says which." }],
    [startNode, { id: "StartNode", description: "Where a conversation enters the graph. Exactly one per graph." }],
    [endNode, { id: "EndNode", description: "Where a turn finishes." }],
    [agentNode, { id: "AgentNode", description: "An LLM with tools and sub-agents, looping until it answers." }],
    [llmNode, { id: "LlmNode", description: "One model call." }],
    [toolNode, { id: "ToolNode", description: "Runs one tool from the catalog with templated arguments." }],
    [noteNode, { id: "NoteNode", description: "A sticky note; never runs." }],
    [
      nodeOfKind("approval"),
      { id: "ApprovalNode", description: "Pauses for a person to approve, reject or edit its payload; follows `approved` or `rejected`." },
    ],
    [nodeOfKind("question"), { id: "QuestionNode", description: "Pauses for a person to pick one of its options; follows the handle named by the option id." }],
    [doc.questionOptionSchema, { id: "QuestionOption", description: "An answer a person may pick: its id (also an outgoing handle) and label." }],
    [doc.edgeSchema, { id: "Edge", description: "A connection between two nodes; `kind` says which." }],
    [flowEdge, { id: "FlowEdge", description: "Control passes from source to target." }],
    [conditionalEdge, { id: "ConditionalEdge", description: "Control passes when the condition (a CEL expression or a registered condition name) holds." }],
    [delegationEdge, { id: "DelegationEdge", description: "Makes the target agent a sub-agent of the source agent." }],
    [doc.settingsSchema, { id: "Settings", description: "Run settings." }],
    [doc.graphTestSchema, { id: "GraphTest", description: "A regression test: turns played on a fresh thread and assertions about the run." }],
    [doc.testTurnSchema, { id: "TestTurn", description: "A user message, or the answer to the pause the previous turn ended on." }],
    [doc.testRecordingSchema, { id: "TestRecording", description: "Recorded model replies per agent, which a replay answers with." }],
    [doc.assertionSchema, { id: "Assertion", description: "What must hold about a turn of the test's run; `kind` says which." }],
  ];
}

/**
 * The JSON Schema object for graph documents of version DOCUMENT_VERSION.
 *
 * @example
 * const schema = buildGraphJsonSchema(); // schema.$id === SCHEMA_URL
 */
export function buildGraphJsonSchema(): Record<string, unknown> {
  const registry = z.registry<Definition>();
  for (const [schema, definition] of definitions()) registry.add(schema, definition);
  const { $schema, ...body } = z.toJSONSchema(doc.graphDocumentSchema, {
    io: "input",
    target: "draft-2020-12",
    metadata: registry,
    unrepresentable: "throw",
  });
  return {
    $schema,
    $id: doc.SCHEMA_URL,
    title: `Graphwright graph document, version ${doc.DOCUMENT_VERSION}`,
    description:
      "A Graphwright agent graph: nodes, edges, model profiles, tools, conditions and state. Validate with Graphwright for the rules a schema cannot express (dangling edges, reachability, delegation cycles).",
    ...body,
  };
}

/** The schema as the committed file holds it: two-space indent and a final newline. */
export function graphJsonSchemaText(): string {
  return `${JSON.stringify(buildGraphJsonSchema(), null, 2)}\n`;
}
