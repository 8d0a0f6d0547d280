/**
 * The JavaScript tool sandbox's frame document. It lives apart from frameSandbox.ts so the
 * build can hash its inline script into the app's Content-Security-Policy
 * (scripts/contentSecurityPolicy.ts): a `srcdoc` frame inherits the page's policy, and keeps its
 * own stricter one on top.
 */

/**
 * The frame's own script: it starts the worker from the text it is given and hands the worker
 * the page's data port, so runs go page ⇄ worker directly; it keeps the control port only to
 * say the worker failed to start. It has no other way out.
 */
export const FRAME_SCRIPT = `
addEventListener("message", (event) => {
  const [data, control] = event.ports;
  if (!data || !control || typeof event.data?.source !== "string") return;
  const url = URL.createObjectURL(new Blob([event.data.source], { type: "text/javascript" }));
  const worker = new Worker(url, { name: "graphwright-sandbox" });
  worker.onerror = (error) => control.postMessage({ type: "load_failed", message: error.message || "the sandbox worker failed to start" });
  worker.postMessage({ type: "load", wasm: event.data.wasm, port: data }, [event.data.wasm, data]);
}, { once: true });`;

export const FRAME_HTML = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' blob: 'wasm-unsafe-eval'; worker-src blob:; connect-src 'none'"><script>${FRAME_SCRIPT}</script>`;
