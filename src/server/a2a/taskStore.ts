/**
 * The A2A task store of a long-running runtime server: the SDK's `TaskStore` contract (tasks
 * scoped by tenant and owner, copies in and out), with a bound. The SDK's in-memory store keeps
 * every task (its history and reply artifacts) for the server's lifetime; this one forgets a
 * task nobody has saved or read for `idleMs`, and past `maxTasks` the least recently used first.
 * A task that is still running (submitted or working) is never forgotten: its run saves it again.
 */
import { TaskState, type Task } from "@a2a-js/sdk";
import { InMemoryTaskStore, resolveUserScope, type OwnerResolver, type ServerCallContext, type TaskStore } from "@a2a-js/sdk/server";

/** A task untouched for a day is forgotten (a paused task waits that long for its answer). */
export const TASK_IDLE_MS = 24 * 60 * 60 * 1000;
/** At most this many tasks are kept. */
export const MAX_TASKS = 1000;

type ListRequest = Parameters<TaskStore["list"]>[0];
type ListResponse = Awaited<ReturnType<TaskStore["list"]>>;

export interface BoundedTaskStoreOptions {
  maxTasks?: number;
  idleMs?: number;
  /** Milliseconds now; tests move it. */
  clock?: () => number;
  /** Told the id of each task forgotten, so what else is kept per task goes with it. */
  onForget?: (taskId: string) => void;
  ownerResolver?: OwnerResolver;
}

interface Entry {
  task: Task;
  tenant: string;
  owner: string;
  touched: number;
}

const running = (task: Task) => task.status?.state === TaskState.TASK_STATE_SUBMITTED || task.status?.state === TaskState.TASK_STATE_WORKING;

/**
 * @example new DefaultRequestHandler(card, new BoundedTaskStore({ onForget: (id) => contexts.delete(id) }), executor)
 */
export class BoundedTaskStore implements TaskStore {
  /** Least recently used first (a touch moves an entry to the end). */
  private readonly entries = new Map<string, Entry>();
  private readonly maxTasks: number;
  private readonly idleMs: number;
  private readonly clock: () => number;
  private readonly onForget: (taskId: string) => void;
  private readonly ownerResolver: OwnerResolver;

  constructor(options: BoundedTaskStoreOptions = {}) {
    this.maxTasks = options.maxTasks ?? MAX_TASKS;
    this.idleMs = options.idleMs ?? TASK_IDLE_MS;
    this.clock = options.clock ?? Date.now;
    this.onForget = options.onForget ?? (() => {});
    this.ownerResolver = options.ownerResolver ?? resolveUserScope;
  }

  /** How many tasks are kept (after forgetting the expired ones). */
  get size(): number {
    this.prune();
    return this.entries.size;
  }

  save(task: Task, context: ServerCallContext): Promise<void> {
    const scope = this.scope(context);
    const key = this.key(scope, task.id);
    this.entries.delete(key);
    this.entries.set(key, { task: structuredClone(task), ...scope, touched: this.clock() });
    this.prune();
    return Promise.resolve();
  }

  load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    this.prune();
    const key = this.key(this.scope(context), taskId);
    const entry = this.entries.get(key);
    if (!entry) return Promise.resolve(undefined);
    this.entries.delete(key);
    this.entries.set(key, { ...entry, touched: this.clock() });
    return Promise.resolve(structuredClone(entry.task));
  }

  /** The SDK's own listing (filters, order, pages) over the tasks this caller can see. */
  async list(params: ListRequest, context: ServerCallContext): Promise<ListResponse> {
    this.prune();
    const { tenant, owner } = this.scope(context);
    const view = new InMemoryTaskStore(this.ownerResolver);
    for (const entry of this.entries.values()) if (entry.tenant === tenant && entry.owner === owner) await view.save(entry.task, context);
    return view.list(params, context);
  }

  private scope(context: ServerCallContext): { tenant: string; owner: string } {
    return { tenant: context.tenant ?? "", owner: this.ownerResolver(context) };
  }

  private key(scope: { tenant: string; owner: string }, taskId: string): string {
    return JSON.stringify([scope.tenant, scope.owner, taskId]);
  }

  /** Forgets the idle tasks, then the least recently used past the cap; running tasks stay. */
  private prune(): void {
    const now = this.clock();
    let over = this.entries.size - this.maxTasks;
    for (const [key, entry] of this.entries) {
      const idle = now - entry.touched > this.idleMs;
      if (!idle && over <= 0) break;
      if (running(entry.task)) continue;
      this.entries.delete(key);
      over--;
      this.onForget(entry.task.id);
    }
  }
}
