/**
 * What the background tasks of one store share across compiles (a task started by one
 * turn's compile is still reachable from the next turn's tools), and the inbox of a
 * running task: message_sub_agent writes to it, the sub-agent reads it at its turn boundaries.
 */
import { EngineError } from "../errors.js";
import type { NodeEmission } from "../events.js";
import type { ResolvedServices } from "../nodes/context.js";
import type { BackgroundTask, BackgroundTaskStore, TaskInboxMessage } from "../ports.js";

export type ReplyOutcome = { kind: "reply"; text: string } | { kind: "settled"; task: BackgroundTask } | { kind: "timeout" };

export interface Registry {
  live: Map<string, BackgroundTask>;
  writes: Map<string, Promise<void>>;
  settledWaiters: Map<string, ((task: BackgroundTask) => void)[]>;
  replyWaiters: Map<string, { messageId: string; resolve: (text: string) => void }[]>;
  events: Map<string, NodeEmission[]>;
}

const registries = new WeakMap<BackgroundTaskStore, Registry>();

/** @example registryOf(store) === registryOf(store) // true: one registry per store */
export function registryOf(store: BackgroundTaskStore): Registry {
  let registry = registries.get(store);
  if (!registry) {
    registry = { live: new Map(), writes: new Map(), settledWaiters: new Map(), replyWaiters: new Map(), events: new Map() };
    registries.set(store, registry);
  }
  return registry;
}

export interface Inbox {
  send(id: string, text: string): Promise<TaskInboxMessage>;
  waitForReply(id: string, messageId: string, timeoutMs: number): Promise<ReplyOutcome>;
  takeInbox(id: string): Promise<TaskInboxMessage[]>;
  noteReply(id: string, text: string): void;
}

/**
 * @example
 * const inbox = createInbox(registryOf(store), save, services);
 * const sent = await inbox.send(taskId, "Also check pricing");
 * await inbox.waitForReply(taskId, sent.id, 60_000);
 */
export function createInbox(registry: Registry, save: (task: BackgroundTask) => Promise<void>, services: ResolvedServices): Inbox {
  const liveTask = (id: string, verb: string): BackgroundTask => {
    const task = registry.live.get(id);
    if (!task) throw new EngineError("TASK_NOT_FOUND", `Task "${id}" is not running, so it cannot ${verb}; get_background_sub_agent_result has its outcome`);
    return task;
  };
  return {
    async send(id, text) {
      const task = liveTask(id, "receive messages");
      const message: TaskInboxMessage = { id: services.ids.next("inbox"), text, sent: services.clock.now(), delivered: null };
      task.inbox = [...task.inbox, message];
      await save(task);
      return message;
    },
    waitForReply(id, messageId, timeoutMs) {
      return new Promise<ReplyOutcome>((resolve) => {
        let done = false;
        const finish = (outcome: ReplyOutcome) => {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve(outcome);
        };
        const timer = setTimeout(() => finish({ kind: "timeout" }), timeoutMs);
        registry.replyWaiters.set(id, [...(registry.replyWaiters.get(id) ?? []), { messageId, resolve: (text) => finish({ kind: "reply", text }) }]);
        registry.settledWaiters.set(id, [...(registry.settledWaiters.get(id) ?? []), (task) => finish({ kind: "settled", task })]);
      });
    },
    async takeInbox(id) {
      const task = registry.live.get(id);
      if (!task) return [];
      const unread = task.inbox.filter((m) => m.delivered === null);
      if (unread.length === 0) return [];
      const now = services.clock.now();
      task.inbox = task.inbox.map((m) => (m.delivered === null ? { ...m, delivered: now } : m));
      await save(task);
      return unread.map((m) => ({ ...m, delivered: now }));
    },
    noteReply(id, text) {
      const task = registry.live.get(id);
      const waiters = registry.replyWaiters.get(id);
      if (!task || !waiters) return;
      const read = new Set(task.inbox.filter((m) => m.delivered !== null).map((m) => m.id));
      const ready = waiters.filter((w) => read.has(w.messageId));
      registry.replyWaiters.set(
        id,
        waiters.filter((w) => !read.has(w.messageId)),
      );
      for (const waiter of ready) waiter.resolve(text);
    },
  };
}
