import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface IconProps {
  className?: string;
}

/**
 * The frame of every outline icon in the Lucide style (24px grid, 1.75 stroke), always decorative.
 * Drawn here rather than imported from lucide-react on purpose (issue 34, measured with esbuild,
 * minified and gzipped): the 17 shell icons in the first load weigh 1.4 kB here and 3.7 kB from
 * lucide-react 1.73.0, and all 32 icons 2.0 kB against 4.9 kB, over the entry's 1 kB allowance.
 * Built with vite, swapping in lucide-react took the first page from 129.7 kB to 131.8 kB gzip, over
 * its 130 kB budget (docs/dashboard.md, "Libraries and hand-written code").
 * The paths are Lucide's, so an icon is added by copying its path from lucide.dev: into
 * icon-shapes.json, or for one the shell draws on first paint, into shell-icons.tsx, whose
 * shapes stay in code because reading JSON costs the first load bytes it has not got.
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

/** One part of an icon (see partsOf in icons.tsx for those read from JSON): a string is the `d` of a path, anything else (a circle, a rect) is drawn as given. */
export type Shape = string | ReactElement;

/** An icon component drawing `shapes` in the shared frame. */
export const icon = (name: string, ...shapes: Shape[]) => {
  const parts = shapes.map((shape, i) =>
    typeof shape === 'string' ? <path key={i} d={shape} /> : cloneElement(shape, { key: i }),
  );
  const Icon = ({ className }: IconProps) => <IconSvg className={className}>{parts}</IconSvg>;
  Icon.displayName = name;
  return Icon;
};
