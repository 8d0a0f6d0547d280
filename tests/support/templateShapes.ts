/**
 * A large graph of the shapes the templates produce, for layout at scale: a delegation chain
 * thousands deep below one agent (one block), a chain of agents that are both in the flow and
 * delegating, a fan-out of branches and their join, supervisors with sub-agent trees, loose
 * notes, and a flow chain to End with one edge looping back (`LOOP_EDGE`).
 */
import type { GraphDocument } from "../../src/schema/index.js";
import { blankDocument } from "../../src/app/store/nodeFactory.js";

type Node = GraphDocument["nodes"][number];
type Edge = GraphDocument["edges"][number];

export const DEEP_DELEGATION = 4_000;
export const LOOP_EDGE = "step1200-step3";

/** @example templateShapes(10_000).nodes.length // 10000 */
export function templateShapes(total: number): GraphDocument {
  const nodes: Node[] = [];
  const edges: Edge[] = [];
  const add = (id: string, kind: "agent" | "start" | "end" | "note" = "agent") =>
    nodes.push({ id, kind, position: { x: 0, y: 0 }, data: kind === "note" ? { text: id } : { name: id } } as unknown as Node);
  const flow = (source: string, target: string) => edges.push({ id: `${source}-${target}`, kind: "flow", source, target });
  const delegate = (source: string, target: string) =>
    edges.push({ id: `${source}>${target}`, kind: "delegation", source, target, mode: "tool", blocking: true } as Edge);
  const chain = (prefix: string, length: number, from: string, link: (a: string, b: string) => void) => {
    let previous = from;
    for (let i = 0; i < length; i++) {
      add(`${prefix}${i}`);
      link(previous, `${prefix}${i}`);
      previous = `${prefix}${i}`;
    }
    return previous;
  };
  add("start", "start");
  chain("deep", DEEP_DELEGATION, "start", (a, b) => (a === "start" ? flow(a, b) : delegate(a, b)));
  const team = chain("team", 1_500, "start", (a, b) => {
    flow(a, b);
    if (a !== "start") delegate(a, b);
  });
  add("fan");
  flow(team, "fan");
  add("join");
  for (let i = 0; i < 500; i++) {
    add(`branch${i}`);
    flow("fan", `branch${i}`);
    flow(`branch${i}`, "join");
  }
  let previous = "join";
  for (let s = 0; s < 40; s++) {
    const supervisor = `sup${s}`;
    add(supervisor);
    flow(previous, supervisor);
    previous = supervisor;
    for (let c = 0; c < 5; c++) {
      add(`${supervisor}.${c}`);
      delegate(supervisor, `${supervisor}.${c}`);
      for (let g = 0; g < 5; g++) {
        add(`${supervisor}.${c}.${g}`);
        delegate(`${supervisor}.${c}`, `${supervisor}.${c}.${g}`);
      }
    }
  }
  for (let i = 0; i < 100; i++) add(`note${i}`, "note");
  add("end", "end");
  const last = chain("step", total - nodes.length, previous, flow);
  flow(last, "end");
  flow("step1200", "step3");
  return { ...blankDocument("scale", "Scale"), nodes, edges };
}

/** One flow chain of agents, `c0` → `c1` → …; small enough for elk, long enough for its recursion. */
export function flowChain(length: number): GraphDocument {
  const nodes = Array.from({ length }, (_, i) => ({ id: `c${i}`, kind: "agent", position: { x: 0, y: 0 }, data: { name: `c${i}` } }) as unknown as Node);
  const edges = Array.from({ length: length - 1 }, (_, i): Edge => ({ id: `c${i}-c${i + 1}`, kind: "flow", source: `c${i}`, target: `c${i + 1}` }));
  return { ...blankDocument("chain", "Chain"), nodes, edges };
}
