import type { ReactNode } from 'react';

/** The SVG both health charts draw in: stretched to its box, with a baseline along the bottom. */
export function ChartFrame({
  width,
  height,
  labelledBy,
  className,
  children,
}: {
  width: number;
  height: number;
  labelledBy: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={labelledBy}
      className={className}
      preserveAspectRatio="none"
    >
      <line
        x1={0}
        x2={width}
        y1={height}
        y2={height}
        vectorEffect="non-scaling-stroke"
        className="stroke-zinc-300 dark:stroke-zinc-700"
        strokeWidth={1}
      />
      {children}
    </svg>
  );
}
