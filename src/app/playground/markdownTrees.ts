// Parsed markdown blocks, by source: asked for while rendering, parsed by the markdown worker
// in batches (one in flight at a time, so the trees that come back are always few enough to
// render in one short task), and kept in a bounded cache. A block nobody waits for any more
// (the open block of a stream, superseded by its next version) is dropped before it is sent.
// Arrived trees are announced once per animation frame, with the stream's own updates, so the
// browser lays the page out once per frame rather than again after each worker answer.
import { markdownTree, type MarkdownTree } from "./markdownTree";
import { appFrames } from "../store/sharedFrames";

/** Parses a batch of sources, in order; the worker in the browser, in place elsewhere. */
export type ParseBatch = (sources: string[]) => Promise<MarkdownTree[]>;

/** Source characters per batch: what comes back renders within a frame, with the stream's own update. */
export const BATCH_CHARS = 4_000;
/** Source characters of trees kept once parsed, the most recent first. */
export const CACHE_CHARS = 1_000_000;

/** Runs a callback before the next paint; in place where there is no painting (tests, server). */
export type BeforePaint = (callback: () => void) => void;

// In the app's shared frame, so arrived trees render in the same commit as the stream's update.
const beforePaint: BeforePaint = (callback) => (typeof requestAnimationFrame === "undefined" ? callback() : void appFrames.request(callback));

export class MarkdownTrees {
  private readonly trees = new Map<string, MarkdownTree>();
  private cachedChars = 0;
  private readonly listeners = new Map<string, Set<() => void>>();
  /** Asked for, not yet sent; in order. */
  private readonly queued = new Set<string>();
  /** Sent, not yet back. */
  private readonly sent = new Set<string>();
  private busy = false;
  private scheduled = false;
  /** Arrived since the last announcement. */
  private arrived: string[] = [];

  /** `parse` undefined: no worker here, so `get` parses in place. */
  constructor(
    private readonly parse?: ParseBatch,
    private readonly announce: BeforePaint = beforePaint,
  ) {}

  /** The tree of `source` if parsed; otherwise asks for it (or, without a worker, parses it now). */
  get(source: string): MarkdownTree | undefined {
    const tree = this.trees.get(source);
    if (tree) return tree;
    if (!this.parse) return this.remember(source, markdownTree(source));
    this.request(source);
    return undefined;
  }

  /** Calls `listener` when the tree of `source` arrives. */
  subscribe(source: string, listener: () => void): () => void {
    let set = this.listeners.get(source);
    if (!set) this.listeners.set(source, (set = new Set()));
    set.add(listener);
    if (!this.trees.has(source)) this.request(source);
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.listeners.delete(source);
      // Nobody waits for it: not worth parsing (a later render asks again if it needs it).
      this.queued.delete(source);
    };
  }

  /** Sources waiting to be parsed (queued or sent). */
  get pending(): number {
    return this.queued.size + this.sent.size;
  }

  private request(source: string): void {
    if (this.parse === undefined || this.trees.has(source) || this.queued.has(source) || this.sent.has(source)) return;
    this.queued.add(source);
    if (!this.busy && !this.scheduled) {
      // After the render that asked: the whole frame's blocks go in one batch.
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.send();
      });
    }
  }

  private send(): void {
    if (this.busy || this.queued.size === 0 || !this.parse) return;
    const batch: string[] = [];
    let chars = 0;
    for (const source of this.queued) {
      if (batch.length > 0 && chars + source.length > BATCH_CHARS) break;
      batch.push(source);
      chars += source.length;
    }
    for (const source of batch) {
      this.queued.delete(source);
      this.sent.add(source);
    }
    this.busy = true;
    this.parse(batch).then(
      (trees) => this.receive(batch, trees),
      // A worker that fails cannot be trusted with the rest: parse here from now on.
      () => this.receive(batch, batch.map(markdownTree)),
    );
  }

  private receive(batch: string[], trees: MarkdownTree[]): void {
    this.busy = false;
    batch.forEach((source, i) => {
      this.sent.delete(source);
      this.remember(source, trees[i]!);
    });
    const first = this.arrived.length === 0;
    this.arrived.push(...batch);
    // The next batch goes first: the worker parses it while this frame renders.
    this.send();
    if (first) this.announce(() => this.tell());
  }

  private tell(): void {
    const arrived = this.arrived;
    this.arrived = [];
    for (const source of arrived) for (const listener of this.listeners.get(source) ?? []) listener();
  }

  private remember(source: string, tree: MarkdownTree): MarkdownTree {
    this.trees.set(source, tree);
    this.cachedChars += source.length;
    // Oldest first out; blocks on screen keep their rendered elements, so this costs a re-parse at most.
    for (const [old] of this.trees) {
      if (this.cachedChars <= CACHE_CHARS || old === source) break;
      this.trees.delete(old);
      this.cachedChars -= old.length;
    }
    return tree;
  }
}

/** A `ParseBatch` through one markdown worker, started on first use; `MarkdownTrees` sends one batch at a time. */
export function workerParser(): ParseBatch {
  let worker: Worker | undefined;
  let failed: unknown;
  let waiting: { resolve: (trees: MarkdownTree[]) => void; reject: (error: unknown) => void } | undefined;
  const fail = (error: unknown) => {
    failed = error;
    worker?.terminate();
    waiting?.reject(error);
    waiting = undefined;
  };
  return (sources) => {
    if (failed !== undefined) return Promise.reject(failed);
    if (!worker) {
      worker = new Worker(new URL("./markdown.worker.ts", import.meta.url), { type: "module", name: "graphwright-markdown" });
      worker.onmessage = (event: MessageEvent<MarkdownTree[]>) => {
        waiting?.resolve(event.data);
        waiting = undefined;
      };
      worker.onerror = (event) => fail(new Error(`markdown worker failed: ${event.message}`));
      worker.onmessageerror = () => fail(new Error("markdown worker sent a message that could not be read"));
    }
    return new Promise((resolve, reject) => {
      waiting = { resolve, reject };
      worker!.postMessage(sources);
    });
  };
}

let shared: MarkdownTrees | undefined;

/**
 * The app's trees: through the markdown worker in a build, parsed in place elsewhere (tests,
 * server rendering, and the dev server, whose workers get micromark's DOM-only entity decoder:
 * vite.config.ts fixes that for builds only).
 */
export function markdownTrees(): MarkdownTrees {
  shared ??= new MarkdownTrees(typeof Worker === "undefined" || import.meta.env.DEV ? undefined : workerParser());
  return shared;
}
