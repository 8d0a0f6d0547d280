/**
 * Redaction at the worker's edges. The worker is the only place that knows the saved key
 * values, so every string that leaves it (messages to the app, console) or is persisted by it
 * (run records, events, checkpoints) passes the one redactor here, which knows the saved keys and tool secrets
 * and the credential headers of every document the worker has run or been asked about.
 */
import type { SerializerProtocol } from "@langchain/langgraph-checkpoint";
import type { RunEvent } from "../engine/index.js";
import type { RunStore } from "../persistence/workspace/index.js";
import { createRedactor, documentSecrets, streamRedactor, type GraphDocument, type Redactor, type StreamRedactor } from "../schema/index.js";
import { LANGGRAPH_SERVER_SECRET, PROVIDER_SECRETS, type FromWorker } from "./protocol";
import { readCredentials, readSecrets, toolSecretValues, type CredentialStore, type ProviderCredentials } from "./providerKeys";

export interface WorkerRedaction {
  /** The redactor as of the last refresh. */
  current(): Redactor;
  /**
   * Reads the saved keys again (a key saved or replaced since), and gives the provider
   * credentials of that one read: a run that uses them uses only keys the redactor knows.
   */
  refresh(): Promise<ProviderCredentials>;
  /** Adds the credential values a document holds (its HTTP tools' secret headers). */
  learn(document: Pick<GraphDocument, "tools">): void;
}

/**
 * @example
 * const redaction = createWorkerRedaction(workspace);
 * await redaction.refresh();
 * redaction.current().redact(errorBody);
 */
export function createWorkerRedaction(store: CredentialStore | null): WorkerRedaction {
  let keys: string[] = [];
  const learned = new Set<string>();
  let redactor = createRedactor([]);
  const rebuild = () => (redactor = createRedactor([...keys, ...learned]));
  return {
    current: () => redactor,
    async refresh() {
      if (!store) return { openai: null, anthropic: null, openaiBaseUrl: null };
      const secrets = readSecrets(store, [...Object.values(PROVIDER_SECRETS), LANGGRAPH_SERVER_SECRET]);
      const [credentials, saved] = await Promise.all([readCredentials(store, secrets), secrets]);
      const serverKey = saved.get(LANGGRAPH_SERVER_SECRET);
      const next = [credentials.openai, credentials.anthropic, serverKey, ...toolSecretValues(saved)].filter((k): k is string => typeof k === "string");
      if (next.join("\n") !== keys.join("\n")) {
        keys = next;
        rebuild();
      }
      return credentials;
    },
    learn(document) {
      const before = learned.size;
      for (const value of documentSecrets(document)) learned.add(value);
      if (learned.size !== before) rebuild();
    },
  };
}

/**
 * A run's events as they may be posted and stored: every string redacted, and streamed text
 * (`message_delta`) redacted per message so a key cut across two chunks is caught too.
 */
export async function* redactEvents(events: AsyncIterable<RunEvent>, redaction: WorkerRedaction): AsyncGenerator<RunEvent> {
  const streams = new Map<string, StreamRedactor>();
  for await (const event of events) {
    const redactor = redaction.current();
    if (event.type === "message_delta") {
      let stream = streams.get(event.message_id);
      if (!stream) streams.set(event.message_id, (stream = streamRedactor(redactor)));
      yield { ...event, delta: stream.push(event.delta) };
      continue;
    }
    if (event.type === "ai_message") streams.delete(event.message_id);
    yield redactor.redactValue(event);
  }
}

/** `post` with every string of every message redacted. */
export function redactingPost(post: (message: FromWorker) => void, redaction: WorkerRedaction): (message: FromWorker) => void {
  // Events were redacted as they came (redactEvents), streamed text with its context: redacting a
  // delta again on its own would see less and could only do the same or less.
  return (message) => post(message.type === "events" ? message : redaction.current().redactValue(message));
}

/**
 * A run store that never writes a secret: the input, events and error are redacted first.
 * Every other member (reads, `get`, `events`, …) is the store's own, bound to it: a spread
 * would drop a class's prototype methods.
 */
export function redactingRuns<S extends Pick<RunStore, "start" | "startTurn" | "finish" | "appendEvents">>(runs: S, redaction: WorkerRedaction): S {
  const r = () => redaction.current();
  const redacting: Pick<RunStore, "start" | "startTurn" | "finish" | "appendEvents"> = {
    start: (input) => runs.start({ ...input, input: r().redact(input.input) }),
    startTurn: (input) => runs.startTurn({ ...input, input: r().redact(input.input) }),
    finish: (id, outcome) => runs.finish(id, outcome.error === undefined ? outcome : { ...outcome, error: r().redact(outcome.error) }),
    appendEvents: (events) => runs.appendEvents(events.map((event) => r().redactValue(event))),
  };
  return new Proxy(runs, {
    get(target, key) {
      if (typeof key === "string" && Object.hasOwn(redacting, key)) return redacting[key as keyof typeof redacting];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The saver's serializer with every string of what it stores redacted (checkpoints, writes,
 * channel values). Values are parsed and re-serialized only when their text holds a secret.
 */
export function redactingSerde(serde: SerializerProtocol, redaction: WorkerRedaction): SerializerProtocol {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return {
    async dumpsTyped(value) {
      const [type, bytes] = await serde.dumpsTyped(value);
      if (type !== "json") return [type, bytes];
      const text = typeof bytes === "string" ? bytes : decoder.decode(bytes);
      const redactor = redaction.current();
      if (redactor.spans(text).length === 0) return [type, bytes];
      return [type, encoder.encode(JSON.stringify(redactor.redactValue(JSON.parse(text) as unknown)))];
    },
    loadsTyped: (type, data) => serde.loadsTyped(type, data),
  };
}

type ConsoleMethod = "log" | "info" | "warn" | "error" | "debug";

/** Makes the worker's console redact what it prints (errors from SDKs can quote a request). */
export function redactConsole(target: Pick<Console, ConsoleMethod>, redaction: WorkerRedaction): void {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = target[method].bind(target);
    target[method] = (...args: unknown[]) => original(...args.map((arg) => redactArgument(arg, redaction.current())));
  }
}

function redactArgument(arg: unknown, redactor: Redactor): unknown {
  if (typeof arg === "string") return redactor.redact(arg);
  if (arg instanceof Error) return redactor.redact(`${arg.name}: ${arg.message}${arg.stack ? `\n${arg.stack}` : ""}`);
  if (arg !== null && typeof arg === "object") {
    try {
      return redactor.redactValue(JSON.parse(JSON.stringify(arg)) as unknown);
    } catch {
      return redactor.redact(String(arg));
    }
  }
  return arg;
}
