import { icon, IconSvg, type IconProps, type Shape } from './create-icon';
import * as SHAPES from './icon-shapes.json';

export type { IconProps } from './create-icon';
export * from './shell-icons';

/** The parts of an icon as icon-shapes.json holds them: a path's `d`, or a circle or rect by its attributes. */
type JsonShape = string | { circle: Record<string, number> } | { rect: Record<string, number> };
const partsOf = (shapes: JsonShape[]): Shape[] =>
  shapes.map((s) => (typeof s === 'string' ? s : 'circle' in s ? <circle {...s.circle} /> : <rect {...s.rect} />));

export const CopyIcon = /* @__PURE__ */ icon('CopyIcon', ...partsOf(SHAPES.CopyIcon));
export const CheckIcon = /* @__PURE__ */ icon('CheckIcon', ...partsOf(SHAPES.CheckIcon));
export const XIcon = /* @__PURE__ */ icon('XIcon', ...partsOf(SHAPES.XIcon));
export const ExternalLinkIcon = /* @__PURE__ */ icon('ExternalLinkIcon', ...partsOf(SHAPES.ExternalLinkIcon));
export const PlayIcon = /* @__PURE__ */ icon('PlayIcon', ...partsOf(SHAPES.PlayIcon));
export const CheckCircleIcon = /* @__PURE__ */ icon('CheckCircleIcon', ...partsOf(SHAPES.CheckCircleIcon));
export const CircleDashedIcon = /* @__PURE__ */ icon('CircleDashedIcon', ...partsOf(SHAPES.CircleDashedIcon));
export const InboxIcon = /* @__PURE__ */ icon('InboxIcon', ...partsOf(SHAPES.InboxIcon));
export const InfoIcon = /* @__PURE__ */ icon('InfoIcon', ...partsOf(SHAPES.InfoIcon));
export const DownloadIcon = /* @__PURE__ */ icon('DownloadIcon', ...partsOf(SHAPES.DownloadIcon));
export const ArchiveIcon = /* @__PURE__ */ icon('ArchiveIcon', ...partsOf(SHAPES.ArchiveIcon));
export const FileIcon = /* @__PURE__ */ icon('FileIcon', ...partsOf(SHAPES.FileIcon));
export const StopIcon = /* @__PURE__ */ icon('StopIcon', ...partsOf(SHAPES.StopIcon));
export const RotateIcon = /* @__PURE__ */ icon('RotateIcon', ...partsOf(SHAPES.RotateIcon));

/** A column's sort state: both arrows, the inactive one faded. */
export function SortIcon({ direction, className }: IconProps & { direction: 'ascending' | 'descending' | 'none' }) {
  return (
    <IconSvg className={className}>
      <path d="m7 9 5-5 5 5" opacity={direction === 'descending' ? 0.25 : 1} />
      <path d="m7 15 5 5 5-5" opacity={direction === 'ascending' ? 0.25 : 1} />
    </IconSvg>
  );
}
