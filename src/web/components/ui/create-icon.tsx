import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface IconProps {
  className?: string;
}

/** Outline icons in the Lucide style (24px grid, 1.75 stroke), always decorative. */
export const icon = (name: string, paths: ReactNode) => {
  const Icon = ({ className }: IconProps) => (
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
      {paths}
    </svg>
  );
  Icon.displayName = name;
  return Icon;
};
