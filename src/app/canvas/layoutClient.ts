/**
 * Auto layout off the main thread: requests go to the layout worker (layout.worker.ts), started
 * on first use and kept for the next. Where there are no workers (Node tests) the layout runs
 * in place.
 */
import type { GraphDocument } from "../../schema/index.js";
import type { XY } from "../store/nodeFactory";
import type { Size } from "./flowElements";
import { layoutGraphOf, unpackPositions, type LayoutReply, type LayoutRequest } from "./layoutProtocol";

interface Waiting {
  /** The nodes sent, in the order of the reply's positions. */
  nodes: readonly { id: string }[];
  resolve: (positions: Record<string, XY>) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, Waiting>();

/** Rejects every open request and drops the worker, so the next request starts a fresh one. */
function fail(error: Error): void {
  worker?.terminate();
  worker = undefined;
  for (const request of waiting.values()) request.reject(error);
  waiting.clear();
}

function startWorker(): Worker {
  const started = new Worker(new URL("./layout.worker.ts", import.meta.url), { type: "module", name: "graphwright-layout" });
  started.onmessage = (event: MessageEvent<LayoutReply>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    if (!request) return;
    waiting.delete(reply.id);
    if ("error" in reply) request.reject(new Error(reply.error));
    else {
      try {
        request.resolve(unpackPositions(request.nodes, reply.xy));
      } catch (error) {
        request.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  };
  started.onerror = (event) => fail(new Error(`the layout worker failed: ${event.message || "it could not start"}`));
  started.onmessageerror = () => fail(new Error("the layout worker sent a message that could not be read"));
  return started;
}

/**
 * New top-left positions for every node (see layout.ts), computed in the layout worker.
 * @example const positions = await layoutOffMainThread(doc, canvas.sizes());
 */
export async function layoutOffMainThread(document: GraphDocument, sizes: ReadonlyMap<string, Size>): Promise<Record<string, XY>> {
  if (typeof Worker === "undefined") return (await import("./layout")).layoutDocument(document, sizes);
  worker ??= startWorker();
  const request: LayoutRequest = { id: ++nextId, graph: layoutGraphOf(document), sizes: [...sizes] };
  const target = worker;
  return new Promise((resolve, reject) => {
    waiting.set(request.id, { nodes: request.graph.nodes, resolve, reject });
    target.postMessage(request);
  });
}
