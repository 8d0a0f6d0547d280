/**
 * TanStack's virtualizer, re-rendering in the app's shared animation frame. Its React adapter
 * re-renders on every scroll with `flushSync`, and from layout effects synchronously: each such
 * render is a React commit of its own, beside the frame's commit of the stream (two per frame
 * while a run streams into a following timeline). Here every change asks for the shared frame,
 * which runs after the frame's scroll events, so scrolling shows in the same frame as before.
 */
import { elementScroll, observeElementOffset, observeElementRect, Virtualizer, type PartialKeys, type VirtualizerOptions } from "@tanstack/react-virtual";
import { useLayoutEffect, useReducer, useState } from "react";
import type { FrameScheduler } from "../store/frameBatcher";
import { appFrames } from "../store/sharedFrames";

/**
 * A change handler that re-renders at most once per frame of `frames`, however often it is called.
 * @example const onChange = frameCoalesced(appFrames, rerender); onChange(); onChange(); // one rerender next frame
 */
export function frameCoalesced(frames: FrameScheduler, rerender: () => void): { change: () => void; dispose: () => void } {
  let pending: number | null = null;
  return {
    change() {
      pending ??= frames.request(() => {
        pending = null;
        rerender();
      });
    },
    dispose() {
      if (pending !== null) frames.cancel(pending);
      pending = null;
    },
  };
}

type Options<S extends Element, I extends Element> = PartialKeys<VirtualizerOptions<S, I>, "observeElementRect" | "observeElementOffset" | "scrollToFn">;

/**
 * `useVirtualizer` with its re-renders in the shared frame.
 * @example const virtualizer = useFramedVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 28 });
 */
export function useFramedVirtualizer<S extends Element, I extends Element>(options: Options<S, I>): Virtualizer<S, I> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [coalesced] = useState(() => frameCoalesced(appFrames, rerender));
  const resolved: VirtualizerOptions<S, I> = {
    observeElementRect,
    observeElementOffset,
    scrollToFn: elementScroll,
    ...options,
    onChange: (instance, sync) => {
      coalesced.change();
      options.onChange?.(instance, sync);
    },
  };
  const [instance] = useState(() => new Virtualizer<S, I>(resolved));
  instance.setOptions(resolved);
  useLayoutEffect(() => {
    const unmount = instance._didMount();
    return () => {
      unmount();
      coalesced.dispose();
    };
  }, [instance, coalesced]);
  useLayoutEffect(() => instance._willUpdate());
  return instance;
}
