/**
 * The playground store's shape, typed together: the thread slice (the open graph's threads, the
 * one shown and its events) and the run slice (the run in progress and the actions that start
 * or stop one). One combined store holds both.
 */
import type { StoreApi } from "zustand/vanilla";
import type { RunEvent } from "../../../engine/index.js";
import type { ThreadRecord } from "../../../persistence/workspace/index.js";
import type { GraphDocument } from "../../../schema/index.js";
import type { SelectionSlice } from "./selectionSlice";

export type RunState =
  | { state: "idle" }
  | { state: "running"; runId: string; threadId: string }
  /** `unsent`: a message the thread refused (it runs elsewhere), for the message box to keep. */
  | { state: "error"; message: string; unsent?: string };

export interface SendOptions {
  /** Run this agent directly as the root instead of the graph (direct sub-agent runs, seed 002). */
  agent?: string;
}

export interface ThreadSlice {
  graphId: string | null;
  threads: ThreadRecord[];
  activeThreadId: string | null;
  /** Events of the active thread, in run order. */
  events: RunEvent[];
  /** The active thread's events are being read (a long thread's earlier runs after its latest ones are shown). */
  loading: boolean;
  /** Resolves once the active thread's events are all read. */
  whenLoaded(): Promise<void>;

  /** Shows the threads of a graph (no-op when it is already open). */
  openGraph(graphId: string): Promise<void>;
  /** Creates an empty thread and makes it active. */
  newThread(): Promise<string | null>;
  switchThread(threadId: string): Promise<void>;
  renameThread(threadId: string, title: string): Promise<void>;
  deleteThread(threadId: string): Promise<void>;
  /** Stores a thread kept elsewhere (a LangGraph server's) with its history as finished runs, and shows it. */
  adoptThread(thread: { id: string; title: string }, history: readonly RunEvent[]): Promise<void>;
}

export interface RunSlice {
  run: RunState;

  /**
   * Answers an interrupt the active thread is paused on (approval `{ decision, args?, reason? }`,
   * question `{ option_id }`); `label` names the run in the thread. False when it did not start.
   */
  resume(document: GraphDocument, answer: { interruptId: string; value: unknown; label: string }): Promise<boolean>;
  /** Starts a turn on the active thread (creating one if needed); false when it did not start. */
  send(document: GraphDocument, message: string, options?: SendOptions): Promise<boolean>;
  stop(): void;
  /** Starts the engine worker ahead of the first run, so a first Send does not wait for it to load. */
  warmEngine(): void;
  /** A new thread whose state is the state at this event's checkpoint. */
  forkFrom(document: GraphDocument, event: RunEvent): Promise<void>;
  /** Forks the thread at a checkpoint with edited channel values (`Apply as fork` in the state panel). */
  forkEdited(document: GraphDocument, event: RunEvent, edits: Record<string, unknown>): Promise<void>;
  /** Forks the thread at a pending pause and answers it in the new thread (`Apply as fork`); the original keeps waiting. */
  answerInFork(document: GraphDocument, answer: { interruptId: string; value: unknown; label: string }): Promise<boolean>;
  /** A new thread where a recorded run runs again, models and tools answering from the recording. */
  replayRun(document: GraphDocument, runId: string): Promise<void>;
}

export type PlaygroundState = ThreadSlice & RunSlice & SelectionSlice;

export type PlaygroundStore = StoreApi<PlaygroundState>;
