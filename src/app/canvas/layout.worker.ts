// The layout worker: runs elkjs (layout.ts) off the main thread, so laying out thousands of
// nodes never blocks the page. One request at a time; each answer carries its request's id.
// First: zod must know it runs without eval before any schema is built.
import "../../schema/browserZod";
import { layoutDocument } from "./layout";
import { packPositions, type LayoutReply, type LayoutRequest } from "./layoutProtocol";
import { errorMessage } from "../../schema/errorMessage.js";

// elk.bundled.js installs its own message handler when loaded in a worker; this one replaces it.
self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const { id, graph, sizes } = event.data;
  let reply: LayoutReply;
  try {
    reply = { id, xy: packPositions(graph.nodes, await layoutDocument(graph, new Map(sizes))) };
  } catch (error) {
    reply = { id, error: errorMessage(error) };
  }
  // The positions are handed over, not copied.
  self.postMessage(reply, { transfer: "xy" in reply ? [reply.xy.buffer] : [] });
};
