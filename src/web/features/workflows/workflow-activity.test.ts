import { describe, expect, it } from 'vitest';
import { activityFromRuns, activityFromServer, formatRate } from './workflow-activity';

describe('activityFromServer', () => {
  it('takes the last run, the rate of the last days and the waiting count', () => {
    const activity = activityFromServer({
      last_run: { id: 'r1', status: 'error', created_at: '2026-11-26T07:00:00Z' },
      recent: { days: 7, finished: 9, error: 3 },
      waiting_approval: 2,
    });
    expect(activity).toEqual({
      lastRun: { status: 'error', created_at: '2026-11-26T07:00:00Z', rejected: false },
      success: { rate: 0.75, ended: 12, rejected: 0, over: 'the last 7 days' },
      waiting: { count: 2, more: false },
    });
  });
  it('has no rate when no run ended in those days', () => {
    const activity = activityFromServer({
      last_run: null,
      recent: { days: 7, finished: 0, error: 0 },
      waiting_approval: 0,
    });
    expect(activity.success).toBeNull();
    expect(activity.lastRun).toBeNull();
  });
});

describe('a rejection is its own outcome', () => {
  it('leaves the server’s rejected runs out of the rate and names the last run rejected', () => {
    const activity = activityFromServer({
      last_run: { id: 'r2', status: 'error', created_at: '2026-11-26T07:00:00Z', rejected: true },
      recent: { days: 7, finished: 1, error: 1, rejected: 1 },
      waiting_approval: 0,
    });
    expect(activity.lastRun?.rejected).toBe(true);
    expect(activity.success).toEqual({ rate: 1, ended: 1, rejected: 1, over: 'the last 7 days' });
  });
  it('reads a rejection from the error text of a listed run', () => {
    const activity = activityFromRuns({
      data: [
        { id: 'a', status: 'error', created_at: '2026-11-26T07:02:00Z', error: 'Rejected by Sam: too long' },
        { id: 'b', status: 'finished', created_at: '2026-11-26T07:01:00Z' },
      ],
      cursor: null,
    });
    expect(activity.lastRun?.rejected).toBe(true);
    expect(activity.success).toMatchObject({ rate: 1, ended: 1, rejected: 1 });
  });
});

describe('activityFromRuns', () => {
  const run = (status: 'finished' | 'error' | 'human_in_the_loop' | 'processing', at: string) => ({
    status,
    created_at: at,
  });
  it('takes the newest run as the last one and rates the ended runs on the page', () => {
    const activity = activityFromRuns({
      data: [
        run('processing', '2026-11-26T07:04:00Z'),
        run('human_in_the_loop', '2026-11-26T07:03:00Z'),
        run('finished', '2026-11-26T07:02:00Z'),
        run('error', '2026-11-26T07:01:00Z'),
      ],
      cursor: null,
    });
    expect(activity.lastRun).toEqual({ status: 'processing', created_at: '2026-11-26T07:04:00Z', rejected: false });
    expect(activity.success).toEqual({ rate: 0.5, ended: 2, rejected: 0, over: 'the last 2 ended runs' });
    expect(activity.waiting).toEqual({ count: 1, more: false });
  });
  it('says more may wait when the workflow has more pages of runs', () => {
    expect(activityFromRuns({ data: [run('human_in_the_loop', '2026-11-26T07:00:00Z')], cursor: 'c' }).waiting).toEqual(
      { count: 1, more: true },
    );
  });
  it('has no last run and no rate for a workflow never run', () => {
    expect(activityFromRuns({ data: [], cursor: null })).toEqual({
      lastRun: null,
      success: null,
      waiting: { count: 0, more: false },
    });
  });
});

describe('formatRate', () => {
  it('rounds down, so one failure in many is not 100%', () => {
    expect(formatRate(199 / 200)).toBe('99%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
  });
});
