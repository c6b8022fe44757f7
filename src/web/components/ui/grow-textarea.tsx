import { useLayoutEffect, useRef, type ComponentProps } from 'react';
import { controlClasses } from './input';

/** The tallest a growing box gets before it scrolls, so a pasted transcript does not push the page away. */
const MAX_HEIGHT_PX = 480;

/**
 * A multi-line text box that grows with its content (from `minRows` up to about 30 lines, then
 * scrolls) and keeps every line break it is given.
 */
export function GrowTextarea({
  invalid,
  minRows = 3,
  className,
  value,
  ...rest
}: Omit<ComponentProps<'textarea'>, 'rows'> & { invalid?: boolean; minRows?: number; value: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = ref.current;
    if (box === null) return;
    // Measured from `auto`, so the box shrinks again when lines are deleted.
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight + 2, MAX_HEIGHT_PX)}px`;
  }, [value]);
  return (
    <textarea
      ref={ref}
      rows={minRows}
      value={value}
      aria-invalid={invalid || undefined}
      aria-multiline="true"
      className={controlClasses(invalid, `resize-y py-2 leading-relaxed ${className ?? ''}`)}
      {...rest}
    />
  );
}
