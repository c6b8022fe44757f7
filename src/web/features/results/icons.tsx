import type { JSX, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Icon({ children, className = 'size-4', ...props }: IconProps): JSX.Element {
  return (
    <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={className} {...props}>
      {children}
    </svg>
  );
}

export const DownloadIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 3v9m0 0 3.5-3.5M10 12 6.5 8.5M4 14.5v1A1.5 1.5 0 0 0 5.5 17h9a1.5 1.5 0 0 0 1.5-1.5v-1" />
  </Icon>
);

export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="7" y="7" width="9.5" height="9.5" rx="1.5" />
    <path d="M13 7V4.5A1.5 1.5 0 0 0 11.5 3h-7A1.5 1.5 0 0 0 3 4.5v7A1.5 1.5 0 0 0 4.5 13H7" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m4.5 10.5 3.5 3.5 7.5-8" />
  </Icon>
);

export const ArchiveIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="14" height="4" rx="1" />
    <path d="M4.5 8v7A1.5 1.5 0 0 0 6 16.5h8a1.5 1.5 0 0 0 1.5-1.5V8M8.5 11h3" />
  </Icon>
);

export const FileIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M11.5 2.5H6A1.5 1.5 0 0 0 4.5 4v12A1.5 1.5 0 0 0 6 17.5h8a1.5 1.5 0 0 0 1.5-1.5V6.5l-4-4Z" />
    <path d="M11.5 2.5v4h4" />
  </Icon>
);

export const ChevronIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m7.5 5 5 5-5 5" />
  </Icon>
);

export const SortIcon = ({ direction, ...p }: IconProps & { direction: 'ascending' | 'descending' | 'none' }) => (
  <Icon {...p}>
    <path d="m6.5 8 3.5-3.5L13.5 8" opacity={direction === 'descending' ? 0.25 : 1} />
    <path d="m6.5 12 3.5 3.5 3.5-3.5" opacity={direction === 'ascending' ? 0.25 : 1} />
  </Icon>
);

export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 3.5 2.5 16.5h15L10 3.5Z" />
    <path d="M10 8.5v3.5M10 14.25v.01" />
  </Icon>
);

export const SpinnerIcon = ({ className = 'size-4', ...p }: IconProps) => (
  <Icon className={`animate-spin ${className}`} {...p}>
    <path d="M10 2.5a7.5 7.5 0 1 0 7.5 7.5" />
  </Icon>
);
