// One tool call inside a reply: a collapsible card with its arguments, a delegated sub-agent's
// work, the result or error, and duration.
import { memo } from "react";
import type { ToolCallView } from "./chatMessages";
import { resultImages } from "./toolResultImages";

const STATUS_TEXT: Record<ToolCallView["status"], string> = {
  pending: "waiting",
  running: "running…",
  done: "done",
  error: "failed",
  cancelled: "cancelled",
};

function pretty(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? "";
  } catch {
    return String(value);
  }
}

/** A tool result is text; show JSON results indented. */
function prettyResult(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}

export const ToolCallCard = memo(function ToolCallCard({ call }: { call: ToolCallView }) {
  const failed = call.status === "error";
  return (
    <details
      role="group"
      aria-label={`Tool call ${call.tool}`}
      className={`rounded border text-xs ${failed ? "border-red-300 bg-red-50 dark:border-red-900 dark:bg-red-950/40" : "border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800/60"}`}
    >
      <summary className="flex cursor-pointer items-center gap-2 px-2 py-1 select-none">
        <span className="font-mono font-medium">{call.tool}</span>
        {call.target && <span className="truncate font-mono text-zinc-500 dark:text-zinc-400">→ {call.target}</span>}
        <span className={failed ? "text-red-700 dark:text-red-400" : "text-zinc-500 dark:text-zinc-400"}>{STATUS_TEXT[call.status]}</span>
        {call.durationMs !== null && <span className="ml-auto text-zinc-500 tabular-nums dark:text-zinc-400">{call.durationMs} ms</span>}
      </summary>
      <dl className="space-y-1 border-t border-inherit px-2 py-1">
        <dt className="font-semibold">Arguments</dt>
        <dd>
          <pre className="overflow-x-auto whitespace-pre-wrap">{pretty(call.args)}</pre>
        </dd>
        {call.activity && call.activity.length > 0 && (
          <>
            <dt className="font-semibold">Sub-agent work</dt>
            <dd>
              <ol aria-label={`Work inside ${call.tool}`} className="space-y-0.5">
                {call.activity.map((step, i) => (
                  <li key={i} className="whitespace-pre-wrap">
                    <span className="font-medium">{step.author}</span>: {step.text}
                  </li>
                ))}
              </ol>
            </dd>
          </>
        )}
        {call.error !== null && (
          <>
            <dt className="font-semibold text-red-700 dark:text-red-400">Error</dt>
            <dd>
              <pre className="overflow-x-auto whitespace-pre-wrap">{call.error}</pre>
            </dd>
          </>
        )}
        {call.result !== null && (
          <>
            <dt className="font-semibold">Result</dt>
            <dd>
              <pre className="max-h-60 overflow-auto whitespace-pre-wrap">{prettyResult(call.result)}</pre>
              {resultImages(call.result).map((image, i) => (
                <img key={i} src={image.src} alt={`Image ${i + 1} from ${call.tool}`} className="mt-1 max-h-48 max-w-full rounded border border-inherit" />
              ))}
            </dd>
          </>
        )}
        {call.durationMs !== null && (
          <>
            <dt className="font-semibold">Duration</dt>
            <dd>{call.durationMs} ms</dd>
          </>
        )}
      </dl>
    </details>
  );
});
