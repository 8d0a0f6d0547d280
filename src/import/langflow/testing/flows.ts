/** Small Langflow flows written in tests: a component, an edge with œ-string handles, a flow file. */

/**
 * A component of `type` whose template holds `fields` (each `{ value, … }`).
 * @example component("Agent-1", "Agent", { model_name: { value: "gpt-4o" } })
 */
export function component(
  id: string,
  type: string,
  fields: Record<string, unknown> = {},
  options: { x?: number; outputs?: string[]; toolMode?: boolean; tools?: unknown[] } = {},
) {
  const template: Record<string, unknown> = { _type: "Component", ...fields };
  if (options.tools) template.tools_metadata = { value: options.tools };
  return {
    id,
    type: "genericNode",
    position: { x: options.x ?? 0, y: 0 },
    data: {
      id,
      type,
      node: {
        display_name: type,
        template,
        outputs: (options.outputs ?? []).map((name) => ({ name, types: ["Message"] })),
        tool_mode: options.toolMode ?? false,
      },
    },
  };
}

/** An edge from `source`'s output into `target`'s field, its handles only as Langflow's œ-strings. */
export function link(source: string, output: string, target: string, field: string) {
  return {
    source,
    target,
    sourceHandle: `{œdataTypeœ: œxœ, œidœ: œ${source}œ, œnameœ: œ${output}œ, œoutput_typesœ: [œMessageœ]}`,
    targetHandle: `{œfieldNameœ: œ${field}œ, œidœ: œ${target}œ, œinputTypesœ: [œMessageœ], œtypeœ: œstrœ}`,
  };
}

/** A flow export as text. */
export function flowText(nodes: unknown[], edges: unknown[], extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ name: "Test flow", last_tested_version: "1.4.2", data: { nodes, edges }, ...extra });
}
