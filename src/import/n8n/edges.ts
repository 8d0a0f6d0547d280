/**
 * n8n's `main` connections as our flow edges. A link leaves through the handles its output port
 * became (If: 0 → true, 1 → false; Switch: rule ports → cases, fallback → default; Loop Over
 * Items v3: 0 → exit, 1 → body) and enters the node its target became; links into a node the
 * flow goes on past are followed through it. Branches the source left open lead to the End,
 * where n8n's run stopped too. Each link is read once; pass-through chains are memoised.
 */
import type { GraphBuilder } from "../builder.js";
import type { Placement } from "./nodes.js";
import type { N8nWorkflow } from "./workflow.js";

/** Where a link into this node goes: our node ids (the node's own, or past it). */
function entries(workflow: N8nWorkflow, placed: Map<string, Placement>, name: string, memo: Map<string, string[]>, visiting: Set<string>): string[] {
  const known = memo.get(name);
  if (known) return known;
  const placement = placed.get(name);
  if (!placement) return [];
  if (placement.id !== undefined) return placement.enterable === false ? [] : [placement.id];
  if (visiting.has(name)) return [];
  visiting.add(name);
  const out = new Set<string>();
  for (const link of workflow.main.get(name) ?? []) for (const id of entries(workflow, placed, link.target, memo, visiting)) out.add(id);
  visiting.delete(name);
  const list = [...out];
  memo.set(name, list);
  return list;
}

/**
 * Adds the flow edges: every `main` link of a placed node, open branches to `end`.
 * @example wireFlow(builder, workflow, placed, "end") // edges added to the builder
 */
export function wireFlow(builder: GraphBuilder, workflow: N8nWorkflow, placed: Map<string, Placement>, end: string): void {
  const memo = new Map<string, string[]>();
  const seen = new Set<string>();
  const add = (source: string, handle: string | undefined, target: string) => {
    const key = `${source}\u0000${handle ?? ""}\u0000${target}`;
    if (seen.has(key)) return;
    seen.add(key);
    builder.edge({ kind: "flow", source, target, ...(handle === undefined ? {} : { source_handle: handle }) });
  };
  for (const [name, placement] of placed) {
    const source = placement.id;
    if (source === undefined) continue;
    const used = new Set<string | undefined>();
    for (const link of workflow.main.get(name) ?? []) {
      const targets = entries(workflow, placed, link.target, memo, new Set());
      for (const handle of placement.handles(link.port)) {
        for (const target of targets) {
          add(source, handle, target);
          used.add(handle);
        }
      }
    }
    for (const handle of placement.required) if (!used.has(handle)) add(source, handle, end);
  }
}
