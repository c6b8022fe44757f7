import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StepList } from './step-list';
import { lifecycleRows, rowsFromServer, waterfall, writerLine, type ServerStep } from './step-model';

const step = (index: number, status: ServerStep['status'], extra: Partial<ServerStep> = {}): ServerStep => ({
  index,
  kind: 'markdown_report',
  name: `Step ${index + 1}`,
  status,
  started_at: null,
  finished_at: null,
  duration_ms: null,
  error: null,
  ...extra,
});

/** The rows as one line, `label: state` each, so a whole lifecycle reads as one expected string. */
const states = (rows: ReturnType<typeof lifecycleRows>) => rows.map((row) => `${row.label}: ${row.state}`).join(', ');

describe('lifecycleRows (servers without the steps extension)', () => {
  it('keeps the approval done once an approved run is queued or processing again', () => {
    expect(states(lifecycleRows('human_in_the_loop', true))).toBe(
      'Queued: done, Processing: done, Waiting for approval: waiting, Finished: upcoming',
    );
    expect(states(lifecycleRows('initial', true))).toBe(
      'Queued: done, Processing: done, Waiting for approval: done, Queued after approval: current, Finished: upcoming',
    );
    expect(states(lifecycleRows('finished', true))).toContain('Waiting for approval: done');
  });

  it('shows an approval never needed as not run, a rejected run as rejected, and a new run as queued', () => {
    expect(states(lifecycleRows('error', false))).toBe(
      'Queued: done, Processing: done, Waiting for approval: skipped, Error: failed',
    );
    expect(states(lifecycleRows('error', true, true))).toBe(
      'Queued: done, Processing: done, Waiting for approval: done, Rejected: rejected',
    );
    expect(states(lifecycleRows('initial', false))).toBe(
      'Queued: current, Processing: upcoming, Waiting for approval: upcoming, Finished: upcoming',
    );
  });
});

describe('the steps time line', () => {
  const steps = [
    step(0, 'finished', { started_at: '2026-03-10T12:00:00.000Z', duration_ms: 1000 }),
    step(1, 'error', {
      started_at: '2026-03-10T12:00:01.000Z',
      duration_ms: 3000,
      error: 'name must not contain FAIL',
    }),
    step(2, 'skipped'),
  ];

  it('shows the review that ended a rejected run as rejected, not failed', () => {
    const review = [step(0, 'finished'), step(1, 'error', { error: 'Rejected by Ada: too long' }), step(2, 'skipped')];
    expect(rowsFromServer(review, true).map((row) => row.state)).toEqual(['done', 'rejected', 'skipped']);
    expect(rowsFromServer(review).map((row) => row.state)).toEqual(['done', 'failed', 'skipped']);
  });

  it('places timed steps on the run’s time line', () => {
    const bars = waterfall(rowsFromServer(steps));
    expect(bars.get('0')).toEqual({ offset: 0, width: 25 });
    expect(bars.get('1')).toEqual({ offset: 25, width: 75 });
    expect(bars.has('2')).toBe(false);
  });

  it('names each step’s state in words, with durations and the failing step’s error', () => {
    const html = renderToStaticMarkup(<StepList rows={rowsFromServer(steps)} label="Steps" />);
    for (const text of [
      'Step 1<span class="sr-only"> (done)</span>',
      'Step 2<span class="sr-only"> (failed)</span>',
      'Step 3<span class="sr-only"> (not run)</span>',
      '1.0 s',
      '3.0 s',
      'name must not contain FAIL',
    ])
      expect(html).toContain(text);
  });
});

describe('writerLine', () => {
  const writing = (status: ServerStep['status'], extra: Partial<ServerStep> = {}) =>
    writerLine(step(0, status, { kind: 'model_write', model: 'qwen2.5', ...extra }));

  it('says a writing step is being written while it runs, and will be written before', () => {
    expect(writing('processing')).toBe('Being written by qwen2.5');
    expect(writing('pending')).toBe('Writes with qwen2.5');
    expect(writing('finished', { tokens: { prompt_tokens: 1, completion_tokens: 0 } })).toBe(
      'Written by qwen2.5 · used 1 token (1 read, 0 written)',
    );
  });

  it('says nothing for steps no model wrote', () => {
    expect(writerLine(step(0, 'finished'))).toBeNull();
    expect(writerLine(step(0, 'finished', { kind: 'something_new', model: null, tokens: null }))).toBeNull();
  });
});
