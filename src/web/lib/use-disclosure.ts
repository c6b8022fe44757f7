import { useId, useState } from 'react';

export interface Disclosure {
  open: boolean;
  panelId: string;
  toggleProps: { 'aria-expanded': boolean; 'aria-controls': string; onClick: () => void };
}

/**
 * A part of the page that a button shows and hides: whether it is open, its id, and the button's
 * props, which tell a screen reader what the button opens and whether it is open now.
 */
export function useDisclosure(initiallyOpen = false): Disclosure {
  const panelId = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const toggleProps = {
    'aria-expanded': open,
    'aria-controls': panelId,
    onClick: () => setOpen((was) => !was),
  };
  return { open, panelId, toggleProps };
}
