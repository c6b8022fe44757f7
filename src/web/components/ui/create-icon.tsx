import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface IconProps {
  className?: string;
}

/** The frame of every outline icon in the Lucide style (24px grid, 1.75 stroke), always decorative. */
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

/** An icon component drawing `paths` in the shared frame. */
export const icon = (name: string, paths: ReactNode) => {
  const Icon = ({ className }: IconProps) => <IconSvg className={className}>{paths}</IconSvg>;
  Icon.displayName = name;
  return Icon;
};
