import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DurationHistogram } from './duration-histogram';
import { figuresFromRuns, healthWindow, type HealthRun } from './health-figures';
import { HealthTable } from './health-table';
import { coverage } from './runs-health-panel';
import { RunsChart } from './runs-chart';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const run = (hoursAgo: number, status: HealthRun['status'], ms: number): HealthRun => {
  const created = NOW - hoursAgo * 3_600_000;
  return {
    status,
    created_at: new Date(created).toISOString(),
    started_at: new Date(created).toISOString(),
    finished_at: new Date(created + ms).toISOString(),
  };
};
const figures = figuresFromRuns(
  [run(1, 'finished', 800), run(1, 'error', 2000), run(3, 'finished', 1000)],
  healthWindow('24h', NOW, 0),
);

describe('the health charts', () => {
  it('draws one bar group per hour, each titled with its figures, labelled by its caption', () => {
    const svg = renderToStaticMarkup(<RunsChart figures={figures} labelledBy="cap" />);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-labelledby="cap"');
    expect(svg.match(/<title>/g)).toHaveLength(24);
    expect(svg).toContain('2 runs (1 finished, 1 error)');
    expect(svg.match(/fill-red-500/g)).toHaveLength(1);
  });

  it('marks p50 and p95 on the duration histogram', () => {
    const svg = renderToStaticMarkup(<DurationHistogram duration={figures.duration} labelledBy="h" />);
    expect(svg).toContain('p50 1.0 s');
    expect(svg).toContain('p95 2.0 s');
    expect(svg).toContain('aria-labelledby="h"');
  });

  it('gives the same figures as tables, only the hours with runs', () => {
    const html = renderToStaticMarkup(<HealthTable figures={figures} />);
    expect(html.match(/<tr/g)).toHaveLength(1 + 2 + 1 + figures.duration.histogram.length);
    expect(html).toContain('Ended runs by duration');
  });

  it('says how many runs the figures cover', () => {
    expect(coverage(figures, '24h', 1200)).toBe(
      'From the 1,200 runs read so far (3 in the last 24 hours); older runs are not counted',
    );
    expect(coverage(figures, '24h', 3, true)).toBe('From all 3 runs of this workflow (3 in the last 24 hours)');
    expect(coverage({ ...figures, source: 'server' }, '24h', 0)).toBe('All 3 runs of the last 24 hours');
  });
});
