/** Cycle finding over small directed graphs, iterative so deep chains cannot overflow the stack. */

export interface Arc<Ref> {
  to: string;
  /** What to report when this arc closes a cycle (an edge index, a fallback position). */
  ref: Ref;
}

export interface Cycle<Ref> {
  /** Vertices along the cycle, the first repeated at the end: `["a", "b", "a"]`. */
  vertices: string[];
  /** The arc that closed it. */
  closedBy: Ref;
}

/**
 * Every cycle closed by a back arc of a depth-first search that visits `vertices` and their arcs
 * in the given order, so results are deterministic. Each back arc is reported once.
 *
 * @example
 * findCycles(["a", "b"], new Map([["a", [{ to: "b", ref: 0 }]], ["b", [{ to: "a", ref: 1 }]]]));
 * // [{ vertices: ["a", "b", "a"], closedBy: 1 }]
 */
export function findCycles<Ref>(vertices: readonly string[], arcs: ReadonlyMap<string, readonly Arc<Ref>[]>): Cycle<Ref>[] {
  const done = new Set<string>();
  const cycles: Cycle<Ref>[] = [];
  for (const root of vertices) {
    if (done.has(root)) continue;
    const path: { vertex: string; next: number }[] = [{ vertex: root, next: 0 }];
    const onPath = new Map<string, number>([[root, 0]]);
    while (path.length > 0) {
      const top = path[path.length - 1] as { vertex: string; next: number };
      const out = arcs.get(top.vertex) ?? [];
      const arc = out[top.next];
      if (arc === undefined) {
        path.pop();
        onPath.delete(top.vertex);
        done.add(top.vertex);
        continue;
      }
      top.next++;
      const position = onPath.get(arc.to);
      if (position !== undefined) {
        cycles.push({ vertices: [...path.slice(position).map((p) => p.vertex), arc.to], closedBy: arc.ref });
      } else if (!done.has(arc.to)) {
        onPath.set(arc.to, path.length);
        path.push({ vertex: arc.to, next: 0 });
      }
    }
  }
  return cycles;
}
