/**
 * When the knowledge worker counts as lost, and how the requests it took down are told. A worker
 * spinning in a loop (pdfjs on a hostile PDF), blocked, crashed or out of memory never answers,
 * so the knowledge client ends its requests itself: it restarts the worker and rejects them with
 * a `KnowledgeWorkerRestarted` saying what the worker was doing and what became of the request.
 */
import type { KnowledgeProgress, KnowledgeRequest } from "../../worker/protocol";

export interface KnowledgeWatchdogTimings {
  /** Silence after which the client asks the worker a cheap question, which a worker that is busy but alive answers between steps. */
  probeMs: number;
  /** Silence (no progress, answer or reply to a probe) after which the worker is lost. */
  silentMs: number;
  /** How long a Stop may go unanswered before the worker is restarted to end the batch. */
  stopMs: number;
}

export const KNOWLEDGE_WATCHDOG_TIMINGS: KnowledgeWatchdogTimings = { probeMs: 5_000, silentMs: 60_000, stopMs: 3_000 };

/** Why the worker was restarted. */
export type KnowledgeWorkerLoss =
  | { kind: "silent"; silentMs: number }
  | { kind: "crashed"; detail: string }
  | { kind: "unreadable" }
  /** A Stop of `requestId` went unanswered. */
  | { kind: "stop"; requestId: string; waitedMs: number };

/**
 * A request ended because its worker was restarted. `stopped` marks the request whose Stop
 * caused it: it is named `AbortError`, as any other stopped batch. A killed worker stored
 * nothing of an unfinished batch (its transaction never committed), but one that had just
 * committed before it was lost may have: callers take out what the batch would have added.
 */
export class KnowledgeWorkerRestarted extends Error {
  constructor(
    message: string,
    readonly stopped: boolean,
  ) {
    super(message);
    this.name = stopped ? "AbortError" : "KnowledgeWorkerRestarted";
  }
}

type Request = Exclude<KnowledgeRequest, { type: "kb_cancel" }>;

/** A phase in words that take a file name; a phase not listed here is said as it is named. */
const PHASE_WORDS: Record<string, string> = {
  reading: "reading",
  extracting: "extracting the text of",
  chunking: "splitting",
  indexing: "indexing",
  embedding: "computing the embeddings of",
  saving: "saving",
};

function batchName(request: Extract<Request, { type: "kb_add" }>): string {
  const names = "files" in request ? request.files.map((f) => f.name) : request.texts.map((t) => t.name);
  return names.length === 1 ? names[0]! : `${names[0] ?? "files"} and ${names.length - 1} more`;
}

/**
 * What the worker is doing for a request, in words that follow "while".
 * @example activityOf(addRequest, { file: "big.pdf", phase: "extracting", fraction: 0.1 }) // "extracting the text of big.pdf"
 */
export function activityOf(request: Request, progress: KnowledgeProgress | null): string {
  switch (request.type) {
    case "kb_add":
      return progress ? `${PHASE_WORDS[progress.phase] ?? progress.phase} ${progress.file}` : `starting on ${batchName(request)}`;
    case "kb_remove_file":
      return `removing ${request.name}`;
    case "kb_delete_base":
      return "deleting a knowledge base";
    case "kb_stats":
      return "reading a knowledge base's size";
    case "kb_texts":
      return "reading a knowledge base's files";
    case "kb_embed":
      return progress?.detail ? progress.detail.toLowerCase() : "embedding a knowledge base's files";
    default: {
      const never: never = request;
      return (never as Request).type;
    }
  }
}

/** Why the worker went, with what it was doing then ("while extracting the text of big.pdf"). */
function reasonOf(loss: KnowledgeWorkerLoss, doing: string): string {
  switch (loss.kind) {
    case "silent":
      return `The knowledge worker stopped responding after ${Math.round(loss.silentMs / 1000)} s while ${doing}`;
    case "crashed":
      return `The knowledge worker failed while ${doing} (${loss.detail})`;
    case "unreadable":
      return `A message from the knowledge worker could not be read while it was ${doing}`;
    case "stop":
      return `The knowledge worker did not answer Stop within ${loss.waitedMs / 1000} s while ${doing}`;
    default: {
      const never: never = loss;
      return String(never);
    }
  }
}

/**
 * The error a request gets when its worker was restarted; `doing` is what the worker was busy
 * with (the stuck request's activity), `request` and `progress` the request told.
 * @example lostRequestError({ kind: "silent", silentMs: 60_000 }, "reading big.pdf", add, null, false).message
 * // "The knowledge worker stopped responding after 60 s while reading big.pdf, so it was restarted. Nothing of this batch was stored: add the files again, without the one it stopped on if this happens again."
 */
export function lostRequestError(
  loss: KnowledgeWorkerLoss,
  doing: string,
  request: Request,
  progress: KnowledgeProgress | null,
  stopped: boolean,
): KnowledgeWorkerRestarted {
  const reason = `${reasonOf(loss, doing)}, so it was restarted`;
  if (stopped) return new KnowledgeWorkerRestarted(`Stopped. ${reason}. Nothing of this batch was stored.`, true);
  if (request.type === "kb_add") {
    const advice = loss.kind === "silent" || loss.kind === "crashed" ? ", without the one it stopped on if this happens again" : "";
    return new KnowledgeWorkerRestarted(`${reason}. Nothing of this batch was stored: add the files again${advice}.`, false);
  }
  return new KnowledgeWorkerRestarted(`${reason}; ${activityOf(request, progress)} did not happen. Try again.`, false);
}
