// One chat message: an article named by its author, markdown text, and its tool calls.
import { memo } from "react";
import { messageLabel, type ChatMessage } from "./chatMessages";
import { LazyMarkdown } from "./LazyMarkdown";
import { RetryButton } from "./RetryButton";
import { ToolCallCard } from "./ToolCallCard";

function ChatMessageViewImpl({ message }: { message: ChatMessage }) {
  const label = messageLabel(message);
  if (message.kind === "user") {
    return (
      <article aria-label={label} className="ml-8 self-end rounded-lg bg-sky-100 px-3 py-2 text-sm whitespace-pre-wrap dark:bg-sky-950">
        <h3 className="sr-only">User</h3>
        {message.text}
      </article>
    );
  }
  if (message.kind === "error") {
    return (
      <article
        aria-label={label}
        className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300"
      >
        <h3 className="text-xs font-semibold">Error</h3>
        <p className="whitespace-pre-wrap">{message.text}</p>
        {message.retry !== undefined && <RetryButton text={message.retry} />}
      </article>
    );
  }
  return (
    <article aria-label={label} aria-busy={message.streaming || undefined} className="mr-8 space-y-2 rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-800">
      <h3 className="text-xs font-semibold text-zinc-600 dark:text-zinc-300">{message.author}</h3>
      {message.text && <LazyMarkdown text={message.text} streaming={message.streaming} />}
      {message.streaming && !message.text && <p className="text-zinc-500">…</p>}
      {message.toolCalls.length > 0 && (
        <div className="space-y-1">
          {message.toolCalls.map((call) => (
            <ToolCallCard key={call.id} call={call} />
          ))}
        </div>
      )}
      {message.stopped && <p className="text-xs text-zinc-500 italic dark:text-zinc-400">Stopped</p>}
    </article>
  );
}

/** What a message shows; derived messages are new objects each frame, so compare content. */
function signature(message: ChatMessage): string {
  if (message.kind !== "reply") return `${message.kind}|${message.text}`;
  const calls = message.toolCalls.map((c) => `${c.id}:${c.status}:${c.durationMs ?? ""}:${c.result?.length ?? ""}:${c.error ?? ""}`).join(",");
  return `${message.author}|${message.streaming}|${message.stopped}|${message.text}|${calls}`;
}

export const ChatMessageView = memo(ChatMessageViewImpl, (a, b) => a.message === b.message || signature(a.message) === signature(b.message));
