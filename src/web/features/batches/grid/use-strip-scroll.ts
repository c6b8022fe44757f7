import {
  useMemo,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  type UIEvent,
  type WheelEvent,
} from 'react';
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

/**
 * The uploaded columns scroll sideways as one: every row (the header, the scroll bar and each
 * virtual row) has its own clipped strip, and a scroll of any of them moves the others, so the
 * pinned columns beside them never cover a cell. Focus inside the grid brings its cell fully into
 * view, both sideways within the strip and up or down below the sticky header.
 */
export function useStripScroll(scroller: RefObject<HTMLDivElement | null>) {
  const left = useRef(0);

  const strip = useMemo<StripProps>(() => {
    const follow = (source: HTMLElement) => {
      left.current = source.scrollLeft;
      scroller.current?.querySelectorAll<HTMLElement>(STRIPS).forEach((el) => {
        if (el !== source && el.scrollLeft !== left.current) el.scrollLeft = left.current;
      });
    };
    return {
      // A row scrolled into the virtual window starts where the others are.
      ref: (el) => {
        if (el !== null && el.scrollLeft !== left.current) el.scrollLeft = left.current;
      },
      onScroll: (e) => follow(e.currentTarget),
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
