// The LangGraph server's part of the engine worker's protocol (protocol.ts re-exports it).
import type { RunEvent } from "../engine/index.js";
import type { GraphDocument } from "../schema/index.js";

/**
 * Publishing to and reading from the LangGraph server of Settings. The worker talks to it
 * because the server's API key is in the secrets store, which the page never reads.
 * `publish` creates or updates the document's assistant; `list` lists published documents;
 * `versions` lists the versions of the document's assistant.
 */
export interface ServerRequest {
  type: "server_request";
  requestId: string;
  /** `threads`: the server's threads of the document's assistant; `thread_history`: one thread's messages as run events. */
  op: "publish" | "list" | "versions" | "threads" | "thread_history";
  /** For `publish`: the document. */
  document?: GraphDocument;
  /** For `versions` and `threads`: the graph (its `meta.id`) whose assistant is meant. */
  graphId?: string;
  /** For `thread_history`: the server's thread id and the id the thread gets in this browser. */
  thread?: { thread_id: string; local_thread_id: string };
}

/** A thread the server holds for a published graph. */
export interface ServerThreadSummary {
  thread_id: string;
  /** The thread's id in this browser (the one it ran from, or `thread_<server id>`). */
  local_thread_id: string;
  title: string;
  updated_at: string;
}

/** A document published to a runtime server (an assistant of its `graphwright` graph). */
export interface PublishedGraph {
  assistant_id: string;
  name: string;
  /** The document's `meta.id`. */
  graph_id: string;
  version: number;
  updated_at: string;
}

export type ServerAnswer =
  | { op: "publish"; url: string; published: PublishedGraph & { outcome: "created" | "updated" | "unchanged" } }
  | { op: "list"; url: string; graphs: PublishedGraph[] }
  | { op: "versions"; url: string; graph: PublishedGraph | null; versions: { version: number; created_at: string; name: string }[] }
  | { op: "threads"; url: string; threads: ServerThreadSummary[] }
  | { op: "thread_history"; url: string; events: RunEvent[] };

/** How far a `publish` got (reading a knowledge base, sending the texts), while it runs. */
export interface ServerProgressMessage {
  type: "server_progress";
  requestId: string;
  text: string;
}

export interface ServerResult {
  type: "server_result";
  requestId: string;
  ok: boolean;
  answer: ServerAnswer | null;
  /** What went wrong, naming the server and what to do. */
  error: string | null;
}
