import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface IconProps {
  className?: string;
}

/**
 * The frame of every outline icon in the Lucide style (24px grid, 1.75 stroke), always decorative.
 * Drawn here rather than imported from lucide-react on purpose (issue 34, measured with esbuild,
 * minified and gzipped): the 17 shell icons in the first load weigh 1.5 kB here and 3.7 kB from
 * lucide-react 1.73.0, and all 32 icons 2.3 kB against 4.9 kB, over the entry's 1 kB allowance.
 * (Reading the shapes from JSON added 0.15 kB and 0.26 kB to those.)
 * The paths are Lucide's, so an icon is added by copying its path from lucide.dev into
 * icon-shapes.json (or shell-icon-shapes.json for one the shell draws on first paint).
 */
export function IconSvg({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn('size-4 shrink-0', className)}
    >
      {children}
    </svg>
  );
}

/**
 * One part of an icon: a string is the `d` of a path; `{ circle: {…} }` or `{ rect: {…} }` (as the
 * JSON files hold them) is that element with those attributes; an element is drawn as given.
 */
type Shape = string | ReactElement | { circle: Record<string, number> } | { rect: Record<string, number> };

const partOf = (shape: Shape, key: number): ReactElement => {
  if (typeof shape === 'string') return <path key={key} d={shape} />;
  if (isValidElement(shape)) return cloneElement(shape, { key });
  return 'circle' in shape ? <circle key={key} {...shape.circle} /> : <rect key={key} {...shape.rect} />;
};

/** An icon component drawing `shapes` in the shared frame. */
export const icon = (name: string, ...shapes: Shape[]) => {
  const parts = shapes.map(partOf);
  const Icon = ({ className }: IconProps) => <IconSvg className={className}>{parts}</IconSvg>;
  Icon.displayName = name;
  return Icon;
};
