// Code for parts that sit below the fold at first paint (the knowledge base editor at the end of
// the graph settings) waits for the page to load and the browser to go idle, so it is fetched
// and parsed after the shell and canvas are drawn rather than competing with them.

let ready: Promise<void> | undefined;

/** Resolves once the page has loaded and the main thread had an idle moment (at most 1 s later). */
export function afterFirstPaint(): Promise<void> {
  ready ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
  return ready;
}
