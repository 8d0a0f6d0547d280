// The markdown worker: parses batches of markdown blocks into safe HTML trees off the main
// thread, so a long streaming reply never blocks the page while it is parsed.
import { markdownTree } from "./markdownTree";

self.onmessage = (event: MessageEvent<string[]>) => {
  self.postMessage(event.data.map(markdownTree));
};
