// The last run's tokens and cost (when its profiles have prices), under the chat.
import { useMemo } from "react";
import { useEditor } from "../store/hooks";
import { useThreadEvents } from "../store/playground/hooks";
import { lastRunUsage } from "./runUsage";

export function RunUsage() {
  const events = useThreadEvents();
  const models = useEditor((s) => s.document.models);
  const usage = useMemo(() => lastRunUsage(events, models), [events, models]);
  if (!usage) return null;
  return (
    <p
      role="note"
      aria-label="Last run usage"
      title={usage.detail}
      className="shrink-0 border-t border-zinc-200 px-3 py-1 text-right text-xs text-zinc-500 tabular-nums dark:border-zinc-800 dark:text-zinc-400"
    >
      {usage.text}
    </p>
  );
}
