// One chat message: an article named by its author, markdown text, and its tool calls; a debug
// action at a breakpoint is a note, not a message.
import { Fragment, memo } from "react";
import { AddToDatasetButton } from "../datasets/AddToDatasetButton";
import type { ChatMessage } from "./chatMessages";
import { messageLabel } from "./messageLabel";
import { LazyMarkdown } from "./LazyMarkdown";
import { LazyRetrievalCard } from "./LazyRetrievalCard";
import { RetryButton } from "./RetryButton";
import { ToolCallCard } from "./ToolCallCard";

/** `reply`: on a user message, the reply that followed it (what `Add to dataset` proposes as expected). */
function ChatMessageViewImpl({ message, reply }: { message: ChatMessage; reply?: string }) {
  const label = messageLabel(message);
  if (message.kind === "user") {
    return (
      <article aria-label={label} className="group ml-8 self-end rounded-lg bg-sky-100 px-3 py-2 text-sm dark:bg-sky-950">
        <h3 className="sr-only">User</h3>
        <p className="whitespace-pre-wrap">{message.text}</p>
        <div className="mt-1 flex justify-end">
          <AddToDatasetButton input={message.text} expected={reply} />
        </div>
      </article>
    );
  }
  if (message.kind === "debug") {
    // A debug action is not something the person said: a compact line, not a message bubble.
    return (
      <p role="note" aria-label={label} className="self-center text-xs text-zinc-500 italic dark:text-zinc-400">
        {message.text}
      </p>
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
            <Fragment key={call.key}>
              <ToolCallCard call={call} />
              {call.sources?.map((retrieval, i) => (
                <LazyRetrievalCard key={i} retrieval={retrieval} />
              ))}
            </Fragment>
          ))}
        </div>
      )}
      {message.stopped && <p className="text-xs text-zinc-500 italic dark:text-zinc-400">Stopped</p>}
    </article>
  );
}

/**
 * Whether two messages show the same: derived messages are new objects each frame, so compare
 * content, field by field (strings compare without building anything the size of the reply).
 */
export function sameMessage(a: ChatMessage, b: ChatMessage): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || a.text !== b.text || a.author !== b.author) return false;
  if (a.kind === "user" || b.kind === "user" || a.kind === "debug" || b.kind === "debug") return true;
  if (a.kind === "error" || b.kind === "error") return a.kind === "error" && b.kind === "error" && a.retry === b.retry;
  return a.streaming === b.streaming && a.stopped === b.stopped && sameCalls(a.toolCalls, b.toolCalls);
}

type ToolCalls = Extract<ChatMessage, { kind: "reply" }>["toolCalls"];

function sameCalls(a: ToolCalls, b: ToolCalls): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => {
      const d = b[i]!;
      return (
        c.key === d.key &&
        c.status === d.status &&
        c.durationMs === d.durationMs &&
        c.result?.length === d.result?.length &&
        c.error === d.error &&
        c.activity?.length === d.activity?.length &&
        c.sources?.length === d.sources?.length
      );
    })
  );
}

export const ChatMessageView = memo(ChatMessageViewImpl, (a, b) => a.reply === b.reply && sameMessage(a.message, b.message));
