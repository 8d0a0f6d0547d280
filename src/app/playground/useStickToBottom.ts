// Keeps a scrolling pane at its bottom while its content grows, as long as the reader is there.
// Growth comes from a ResizeObserver and "at the bottom" from an IntersectionObserver on an
// empty marker after the content: both report after the browser's own layout, so following a
// stream never forces a layout (reading scrollHeight after every commit did, every frame).
import { useLayoutEffect, useState } from "react";

/** The reader counts as at the bottom within this distance of it. */
const STICK_PX = 48;

type Ref = (el: HTMLElement | null) => (() => void) | undefined;

export interface StickToBottom {
  /** Ref of the scrolling element. */
  scroller: Ref;
  /** Ref of the content that grows. */
  content: Ref;
  /** Ref of an empty element at the very end of the scroller. */
  end: Ref;
  /** Stops following until the reader is back at the bottom (e.g. earlier messages are shown above). */
  release(): void;
}

class BottomFollower implements StickToBottom {
  private atBottom = true;
  private scrollerEl: HTMLElement | null = null;
  private contentEl: HTMLElement | null = null;
  private endEl: HTMLElement | null = null;
  private resize: ResizeObserver | null = null;
  private seen: IntersectionObserver | null = null;

  // Children's refs attach before their parent's, so each side observes what the other already has.
  readonly scroller: Ref = (el) => {
    if (!el) return;
    this.scrollerEl = el;
    const resize = new ResizeObserver(this.follow);
    const seen = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) this.atBottom = entry.isIntersecting;
      },
      { root: el, rootMargin: `0px 0px ${STICK_PX}px 0px` },
    );
    resize.observe(el);
    if (this.contentEl) resize.observe(this.contentEl);
    if (this.endEl) seen.observe(this.endEl);
    this.resize = resize;
    this.seen = seen;
    return () => {
      resize.disconnect();
      seen.disconnect();
      this.resize = this.seen = this.scrollerEl = null;
    };
  };

  readonly content: Ref = (el) => {
    if (!el) return;
    this.contentEl = el;
    this.resize?.observe(el);
    return () => {
      this.resize?.unobserve(el);
      this.contentEl = null;
    };
  };

  readonly end: Ref = (el) => {
    if (!el) return;
    this.endEl = el;
    this.seen?.observe(el);
    return () => {
      this.seen?.unobserve(el);
      this.endEl = null;
    };
  };

  readonly release = () => {
    this.atBottom = false;
  };

  /** Back to the bottom (a thread just opened); the one place that reads layout, once per thread. */
  readonly reset = () => {
    this.atBottom = true;
    this.follow();
  };

  // Called by the ResizeObserver after layout, so reading scrollHeight here costs no extra layout.
  private readonly follow = () => {
    const el = this.scrollerEl;
    if (el && this.atBottom) el.scrollTop = el.scrollHeight;
  };
}

/**
 * Follows the bottom of a scrolling pane; `key` (e.g. the open thread) going back to the bottom when it changes.
 * @example const stick = useStickToBottom(threadId); <div ref={stick.scroller}><div ref={stick.content}>…</div><div ref={stick.end} /></div>
 */
export function useStickToBottom(key: unknown): StickToBottom {
  const [follower] = useState(() => new BottomFollower());
  useLayoutEffect(() => follower.reset(), [follower, key]);
  return follower;
}
