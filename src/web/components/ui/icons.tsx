import { icon, IconSvg, type IconProps } from './create-icon';

export type { IconProps } from './create-icon';
export * from './shell-icons';

export const CopyIcon = /* @__PURE__ */ icon(
  'CopyIcon',
  <rect x="9" y="9" width="12" height="12" rx="2" />,
  'M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1',
);
export const CheckIcon = /* @__PURE__ */ icon('CheckIcon', 'M20 6 9 17l-5-5');
export const XIcon = /* @__PURE__ */ icon('XIcon', 'M18 6 6 18M6 6l12 12');
export const ExternalLinkIcon = /* @__PURE__ */ icon(
  'ExternalLinkIcon',
  'M15 3h6v6M10 14 21 3',
  'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
);
export const PlayIcon = /* @__PURE__ */ icon('PlayIcon', 'M6 4v16l14-8L6 4Z');
export const CheckCircleIcon = /* @__PURE__ */ icon(
  'CheckCircleIcon',
  <circle cx="12" cy="12" r="9" />,
  'm8.5 12 2.5 2.5 4.5-5',
);
export const CircleDashedIcon = /* @__PURE__ */ icon(
  'CircleDashedIcon',
  'M10.1 2.2a10 10 0 0 1 3.8 0M17.6 3.7a10 10 0 0 1 2.7 2.7M21.8 10.1a10 10 0 0 1 0 3.8M20.3 17.6a10 10 0 0 1-2.7 2.7M13.9 21.8a10 10 0 0 1-3.8 0M6.4 20.3a10 10 0 0 1-2.7-2.7M2.2 13.9a10 10 0 0 1 0-3.8M3.7 6.4a10 10 0 0 1 2.7-2.7',
);
export const InboxIcon = /* @__PURE__ */ icon(
  'InboxIcon',
  'M22 12h-6l-2 3h-4l-2-3H2',
  'M5.5 5.1 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1Z',
);
export const InfoIcon = /* @__PURE__ */ icon('InfoIcon', <circle cx="12" cy="12" r="9" />, 'M12 16v-4M12 8h.01');
export const DownloadIcon = /* @__PURE__ */ icon(
  'DownloadIcon',
  'M12 15V3M7 10l5 5 5-5',
  'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4',
);
export const ArchiveIcon = /* @__PURE__ */ icon(
  'ArchiveIcon',
  <rect x="2" y="3" width="20" height="5" rx="1" />,
  'M4 8v11a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8M10 12h4',
);
export const FileIcon = /* @__PURE__ */ icon(
  'FileIcon',
  'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z',
  'M14 2v6h6',
);
export const StopIcon = /* @__PURE__ */ icon('StopIcon', <rect x="6" y="6" width="12" height="12" rx="1.5" />);
export const RotateIcon = /* @__PURE__ */ icon('RotateIcon', 'M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5');

/** A column's sort state: both arrows, the inactive one faded. */
export function SortIcon({ direction, className }: IconProps & { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <IconSvg className={className}>
      <path d="m7 9 5-5 5 5" opacity={direction === 'descending' ? 0.25 : 1} />
      <path d="m7 15 5 5 5-5" opacity={direction === 'ascending' ? 0.25 : 1} />
    </IconSvg>
  );
}
