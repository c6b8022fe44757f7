import { useEffect, useRef, useState } from 'react';
import { useNarrower } from '@/lib/use-narrower';

/**
 * The header's folding menu: whether the links fold (the window is narrower than `width`), whether
 * the menu is open, and closing it on Escape or a press outside. Attach `navRef` to the element
 * holding the menu and `buttonRef` to its button.
 */
export function useFoldMenu(width: string) {
  const folded = useNarrower(width);
  const [open, setOpen] = useState(false);
  // A window turned wide and back again finds the menu closed.
  const [wasFolded, setWasFolded] = useState(folded);
  if (wasFolded !== folded) {
    setWasFolded(folded);
    setOpen(false);
  }
  const navRef = useRef<HTMLElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const listening = new AbortController();
    const options = { signal: listening.signal };
    const inMenu = (node: EventTarget | null) => navRef.current?.contains(node as Node) === true;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape') return;
        setOpen(false);
        // Focus goes back to the button only from the menu: a dialog opened above it keeps its own.
        const focused = document.activeElement;
        if (focused === document.body || inMenu(focused)) buttonRef.current?.focus();
      },
      options,
    );
    document.addEventListener('pointerdown', (event) => inMenu(event.target) || setOpen(false), options);
    return () => listening.abort();
  }, [open]);
  return { folded, open, setOpen, navRef, buttonRef };
}
