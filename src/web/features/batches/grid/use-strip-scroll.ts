import { useMemo, type FocusEvent, type KeyboardEvent, type RefObject, type UIEvent, type WheelEvent } from 'react';
import { revealDelta } from './grid-layout';

/** What each row's sideways strip spreads on its element. */
export interface StripProps {
  ref: (element: HTMLDivElement | null) => void;
  onScroll: (event: UIEvent<HTMLDivElement>) => void;
  className: string;
  'data-strip': true;
}

const STRIPS = '[data-strip]';
const STEP = 48;

interface Scrolled {
  scrollLeft: number;
}

/**
 * Keeps strips at one sideways offset. A strip moved here fires a scroll event of its own a frame
 * later; that echo is not a move to follow. Followed, an echo still queued from the previous move
 * would pull every strip back: tabbing fast, the focused cell slid out of view and stayed there.
 */
export function stripFollower<T extends Scrolled>(strips: () => Iterable<T>) {
  let left = 0;
  const echoes = new WeakMap<T, number>();
  const place = (el: T) => {
    const before = el.scrollLeft;
    if (Math.abs(before - left) < 1) return;
    el.scrollLeft = left;
    // A strip that could not move (already at its end) fires no event: no echo to wait for.
    if (Math.abs(el.scrollLeft - before) >= 1) echoes.set(el, el.scrollLeft);
  };
  return {
    place,
    follow(source: T) {
      const echo = echoes.get(source);
      echoes.delete(source);
      if (echo !== undefined && Math.abs(source.scrollLeft - echo) < 1) return;
      left = source.scrollLeft;
      for (const el of strips()) if (el !== source) place(el);
    },
  };
}

/**
 * The uploaded columns scroll sideways as one: every row (the header, the scroll bar and each
 * virtual row) has its own clipped strip, and a scroll of any of them moves the others, so the
 * pinned columns beside them never cover a cell. Focus inside the grid brings its cell fully into
 * view, both sideways within the strip and up or down below the sticky header.
 */
export function useStripScroll(scroller: RefObject<HTMLDivElement | null>) {
  const strip = useMemo<StripProps>(() => {
    const sync = stripFollower(() => scroller.current?.querySelectorAll<HTMLElement>(STRIPS) ?? []);
    return {
      // A row scrolled into the virtual window starts where the others are.
      ref: (el) => {
        if (el !== null) sync.place(el);
      },
      onScroll: (e) => sync.follow(e.currentTarget),
      className: 'min-w-0 overflow-hidden',
      'data-strip': true,
    };
  }, [scroller]);

  const scrollSideways = (dx: number) => {
    const first = scroller.current?.querySelector<HTMLElement>(STRIPS);
    if (first) first.scrollLeft += dx;
  };

  const onFocus = (e: FocusEvent<HTMLDivElement>) => {
    const box = e.currentTarget;
    if (!(e.target instanceof Element) || e.target === box) return;
    const cell = e.target.closest('[data-cell]') ?? e.target;
    const strip = cell.closest<HTMLElement>(STRIPS);
    if (strip !== null) {
      const c = cell.getBoundingClientRect();
      const s = strip.getBoundingClientRect();
      const dx = revealDelta(c.left, c.right, s.left, s.right);
      if (dx !== 0) strip.scrollBy({ left: dx });
    }
    const c = cell.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    const head = box.querySelector('[data-grid-head]')?.getBoundingClientRect().height ?? 0;
    const foot = box.querySelector('[data-grid-foot]')?.getBoundingClientRect().height ?? 0;
    const dy = revealDelta(c.top, c.bottom, view.top + head, view.bottom - foot);
    if (dy !== 0) box.scrollBy({ top: dy });
  };

  /** Sideways wheel or trackpad moves (Shift + wheel too) over the rows, which clip rather than scroll. */
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (e.target instanceof Element && e.target.closest('[data-grid-foot]') !== null) return;
    const dx = e.deltaX !== 0 ? e.deltaX : e.shiftKey ? e.deltaY : 0;
    if (dx !== 0) scrollSideways(dx);
  };

  /** Left and right arrows on the focused grid itself scroll the columns, as they would a plain scroll box. */
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      scrollSideways(e.key === 'ArrowLeft' ? -STEP : STEP);
    }
  };

  return { strip, onFocus, onWheel, onKeyDown };
}
