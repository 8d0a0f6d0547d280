// The chat of the active thread, derived from its events; follows the stream while the
// reader is at the bottom and leaves them be when they have scrolled up.
import { useMemo, useState } from "react";
import { repliesAfterTurns } from "../datasets/turnReplies";
import { EmptyState } from "../shell/EmptyState";
import { useEditor } from "../store/hooks";
import { ChatMessageView } from "./ChatMessageView";
import { ExampleMessages } from "./ExampleMessages";
import { deriveChat } from "./chatMessages";
import { useActiveThreadId, useLiveRunId, useRunning, useThreadEvents, useThreadLoading } from "../store/playground/hooks";
import { useStickToBottom } from "./useStickToBottom";

/** Messages rendered at first; a long thread shows its latest ones and offers the rest on demand. */
const PAGE = 200;

export function MessageList() {
  const events = useThreadEvents();
  const loading = useThreadLoading();
  const running = useRunning();
  const threadId = useActiveThreadId();
  const liveRunId = useLiveRunId();
  const hasExamples = useEditor((s) => (s.document.meta.examples?.length ?? 0) > 0);
  const messages = useMemo(() => deriveChat(events, liveRunId), [events, liveRunId]);
  const replies = useMemo(() => repliesAfterTurns(messages), [messages]);
  const [shown, setShown] = useState({ threadId, count: PAGE });
  const limit = shown.threadId === threadId ? shown.count : PAGE;
  const hidden = Math.max(0, messages.length - limit);
  // A thread opens at its latest message.
  const { scroller, content, end, release } = useStickToBottom(threadId);

  return (
    <div ref={scroller} className="flex min-h-0 flex-1 flex-col overflow-y-auto">
      {messages.length === 0 ? (
        loading ? (
          <EmptyState>Loading messages…</EmptyState>
        ) : (
          <div className="m-auto flex flex-col items-center">
            <EmptyState>
              {hasExamples ? "No messages yet. Send one to run the graph, or try an example:" : "No messages yet. Send one to run the graph."}
            </EmptyState>
            <ExampleMessages />
          </div>
        )
      ) : (
        <div ref={content} className="flex flex-col gap-3 p-3">
          {hidden > 0 && (
            <button
              type="button"
              onClick={() => {
                release();
                setShown({ threadId, count: limit + PAGE });
              }}
              className="self-center rounded border border-zinc-300 px-2 py-1 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              Show earlier messages ({hidden})
            </button>
          )}
          <div role="feed" aria-label="Messages" aria-busy={running} className="flex flex-col gap-3">
            {(hidden > 0 ? messages.slice(hidden) : messages).map((message) => (
              <ChatMessageView key={message.id} message={message} reply={replies.get(message.id)} />
            ))}
          </div>
        </div>
      )}
      <div ref={end} aria-hidden="true" />
    </div>
  );
}
