/** Ids and names that must be unique, and channel names that must not shadow built-in channels. */
import { BUILTIN_CHANNELS } from "../builtinChannels.js";
import { nodeLabel, quote } from "../describe.js";
import type { ValidationIssue } from "../issues.js";
import { type GraphIndex, issueAt, sentenceLabel } from "./graphIndex.js";

/** Calls `onDuplicate(index, firstIndex)` for each item whose key was seen before. */
function forEachDuplicate<T>(items: readonly T[], key: (item: T) => string | undefined, onDuplicate: (index: number, first: number) => void): void {
  const firstIndex = new Map<string, number>();
  items.forEach((item, index) => {
    const k = key(item);
    if (k === undefined) return;
    const first = firstIndex.get(k);
    if (first === undefined) firstIndex.set(k, index);
    else onDuplicate(index, first);
  });
}

export function checkUniqueIds({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  forEachDuplicate(
    doc.nodes,
    (n) => n.id,
    (i, first) => {
      const node = doc.nodes[i];
      const earlier = doc.nodes[first];
      if (node === undefined || earlier === undefined) return;
      issues.push(
        issueAt(
          "DUPLICATE_ID",
          ["nodes", i, "id"],
          `${sentenceLabel(node)} has the id ${quote(node.id)}, which ${nodeLabel(earlier)} already uses; node ids must be unique`,
          node,
        ),
      );
    },
  );
  const simple = [
    ["edges", "edge", doc.edges],
    ["tools", "tool", doc.tools],
    ["models", "model profile", doc.models],
  ] as const;
  for (const [collection, word, items] of simple) {
    forEachDuplicate(
      items as readonly { id: string }[],
      (item) => item.id,
      (i, first) => {
        const id = items[i]?.id ?? "";
        issues.push(
          issueAt(
            "DUPLICATE_ID",
            [collection, i, "id"],
            `Two ${word}s have the id ${quote(id)} (${collection}[${first}] and ${collection}[${i}]); ${word} ids must be unique`,
          ),
        );
      },
    );
  }
  return issues;
}

export function checkUniqueNames({ doc }: GraphIndex): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Agent, LLM and tool-node names become tool names and @mentions, which providers compare loosely.
  forEachDuplicate(
    doc.nodes,
    (n) => (n.kind === "agent" || n.kind === "llm" || n.kind === "tool" ? n.data.name.toLowerCase() : undefined),
    (i, first) => {
      const node = doc.nodes[i];
      const earlier = doc.nodes[first];
      if (node === undefined || earlier === undefined) return;
      issues.push(
        issueAt(
          "DUPLICATE_NAME",
          ["nodes", i, "data", "name"],
          `${sentenceLabel(node)} has the same name as ${nodeLabel(earlier)}; agents, LLM nodes and tool nodes need different names (ignoring case) because names become tool names and @mentions`,
          node,
        ),
      );
    },
  );
  forEachDuplicate(
    doc.tools,
    (t) => t.name.toLowerCase(),
    (i) => {
      const name = doc.tools[i]?.name ?? "";
      issues.push(issueAt("DUPLICATE_NAME", ["tools", i, "name"], `Two tools are named ${quote(name)} (ignoring case); a model could not tell them apart`));
    },
  );
  forEachDuplicate(
    doc.state.channels,
    (c) => c.name,
    (i) => {
      const name = doc.state.channels[i]?.name ?? "";
      issues.push(issueAt("DUPLICATE_NAME", ["state", "channels", i, "name"], `Two state channels are named ${quote(name)}; channel names must be unique`));
    },
  );
  forEachDuplicate(
    doc.conditions,
    (c) => c.name,
    (i) => {
      const name = doc.conditions[i]?.name ?? "";
      issues.push(issueAt("DUPLICATE_NAME", ["conditions", i, "name"], `Two conditions are named ${quote(name)}; condition names must be unique`));
    },
  );
  return issues;
}

export function checkReservedNames({ doc }: GraphIndex): ValidationIssue[] {
  const builtin: ReadonlySet<string> = new Set(BUILTIN_CHANNELS);
  return doc.state.channels.flatMap((channel, i) =>
    builtin.has(channel.name)
      ? [
          issueAt(
            "RESERVED_NAME",
            ["state", "channels", i, "name"],
            `State channel ${quote(channel.name)} has the name of a built-in channel; pick another name (built-in: ${BUILTIN_CHANNELS.join(", ")})`,
          ),
        ]
      : [],
  );
}
