import { icon, IconSvg, type IconProps } from './create-icon';
import SHAPES from './icon-shapes.json';

export type { IconProps } from './create-icon';
export * from './shell-icons';

export const CopyIcon = /* @__PURE__ */ icon('CopyIcon', ...SHAPES.CopyIcon);
export const CheckIcon = /* @__PURE__ */ icon('CheckIcon', ...SHAPES.CheckIcon);
export const XIcon = /* @__PURE__ */ icon('XIcon', ...SHAPES.XIcon);
export const ExternalLinkIcon = /* @__PURE__ */ icon('ExternalLinkIcon', ...SHAPES.ExternalLinkIcon);
export const PlayIcon = /* @__PURE__ */ icon('PlayIcon', ...SHAPES.PlayIcon);
export const CheckCircleIcon = /* @__PURE__ */ icon('CheckCircleIcon', ...SHAPES.CheckCircleIcon);
export const CircleDashedIcon = /* @__PURE__ */ icon('CircleDashedIcon', ...SHAPES.CircleDashedIcon);
export const InboxIcon = /* @__PURE__ */ icon('InboxIcon', ...SHAPES.InboxIcon);
export const InfoIcon = /* @__PURE__ */ icon('InfoIcon', ...SHAPES.InfoIcon);
export const DownloadIcon = /* @__PURE__ */ icon('DownloadIcon', ...SHAPES.DownloadIcon);
export const ArchiveIcon = /* @__PURE__ */ icon('ArchiveIcon', ...SHAPES.ArchiveIcon);
export const FileIcon = /* @__PURE__ */ icon('FileIcon', ...SHAPES.FileIcon);
export const StopIcon = /* @__PURE__ */ icon('StopIcon', ...SHAPES.StopIcon);
export const RotateIcon = /* @__PURE__ */ icon('RotateIcon', ...SHAPES.RotateIcon);

/** A column's sort state: both arrows, the inactive one faded. */
export function SortIcon({ direction, className }: IconProps & { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <IconSvg className={className}>
      <path d="m7 9 5-5 5 5" opacity={direction === 'descending' ? 0.25 : 1} />
      <path d="m7 15 5 5 5-5" opacity={direction === 'ascending' ? 0.25 : 1} />
    </IconSvg>
  );
}
