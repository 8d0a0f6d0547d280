// One agent's memories in the Memory panel, with Delete all (asked once more before it acts).
import { useId, useState } from "react";
import { secondaryButton } from "../shell/styles";
import type { AgentMemories } from "./memoryGroups";
import { MemoryItem } from "./MemoryItem";
import type { MemoryChange } from "./useGraphMemories";

const smallButton = secondaryButton.replace("px-3 py-1.5", "px-2 py-0.5");

export function MemoryAgentGroup({ group, busy, change }: { group: AgentMemories; busy: boolean; change(request: MemoryChange): Promise<boolean> }) {
  const { agent, memories } = group;
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();
  const count = memories.length === 1 ? "1 memory" : `${memories.length} memories`;
  return (
    <section aria-labelledby={headingId} className="mt-3 first:mt-0">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 pb-1 dark:border-zinc-800">
        <h3 id={headingId} className="text-sm font-semibold">
          {agent} <span className="font-normal text-zinc-500 dark:text-zinc-400">· {count}</span>
        </h3>
        {confirming ? (
          <div role="group" aria-label={`Delete all memories of ${agent}?`} className="flex items-center gap-2 text-xs">
            <span>Delete {count}? This cannot be undone.</span>
            <button
              type="button"
              className={smallButton}
              autoFocus
              disabled={busy}
              onClick={() => void change({ op: "clear", agent }).then(() => setConfirming(false))}
            >
              Delete all
            </button>
            <button type="button" className={smallButton} onClick={() => setConfirming(false)}>
              Keep
            </button>
          </div>
        ) : (
          <button type="button" className={smallButton} disabled={busy} aria-label={`Delete all memories of ${agent}`} onClick={() => setConfirming(true)}>
            Delete all
          </button>
        )}
      </div>
      <ul aria-label={`Memories of ${agent}`} className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {memories.map((memory) => (
          <MemoryItem key={memory.key} memory={memory} busy={busy} change={change} />
        ))}
      </ul>
    </section>
  );
}
