import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '@contract/openapi-document';
import type { ApiClient } from '@/api/client';
import { NotFoundError, ServerError } from '@/api/errors';
import { RunJournal } from '@/lib/run-journal';
import { ExecutionWatcher } from './run-watcher';

const detail = (id: string, status: ExecutionDetail['status']): ExecutionDetail => ({
  id,
  workflow_id: 'w',
  status,
  created_at: 't',
  results: status === 'finished' ? [] : null,
});

function setup(statuses: Record<string, ExecutionDetail['status'] | Error>) {
  const journal = new RunJournal(new IDBFactory());
  let now = 1_000_000;
  const asked: string[] = [];
  const settled: string[] = [];
  const counts: number[] = [];
  const client = {
    getExecution: async (_w: string, id: string) => {
      asked.push(id);
      const s = statuses[id]!;
      if (s instanceof Error) throw s;
      return detail(id, s);
    },
  } as unknown as ApiClient;
  const watcher = new ExecutionWatcher({
    journal,
    client: () => client,
    profileId: () => 'p',
    peek: () => undefined,
    onSettled: (entry) => settled.push(entry.executionId),
    onRunningCount: (n) => counts.push(n),
    now: () => now,
  });
  const record = (id: string, profileId = 'p') =>
    journal.record({ executionId: id, workflowId: 'w', input: null, profileId, submittedAt: now });
  return { journal, watcher, asked, settled, counts, record, advance: (ms: number) => (now += ms), statuses };
}

describe('ExecutionWatcher', () => {
  it('announces an execution started here once, when it ends', async () => {
    const s = setup({ a: 'processing' });
    await s.record('a');
    await s.watcher.tick();
    expect(s.settled).toEqual([]);
    expect(s.counts.at(-1)).toBe(1);
    s.statuses.a = 'finished';
    s.advance(5_000);
    await s.watcher.tick();
    s.advance(5_000);
    await s.watcher.tick();
    expect(s.settled).toEqual(['a']);
    expect(s.counts.at(-1)).toBe(0);
  });

  it.each([
    ['waits between checks instead of asking on every tick', 'processing' as const, 500],
    ['backs off after a failed check and keeps the run on the list', new ServerError(), 900],
  ])('%s', async (_name, status, laterMs) => {
    const s = setup({ a: status });
    await s.record('a');
    await s.watcher.tick();
    s.advance(laterMs);
    await s.watcher.tick();
    expect(s.asked).toEqual(['a']);
    expect(s.counts.at(-1)).toBe(1);
  });

  it('ignores other profiles’ runs and stops watching deleted executions', async () => {
    const s = setup({ gone: new NotFoundError(), theirs: 'processing' });
    await s.record('gone');
    await s.record('theirs', 'other');
    await s.watcher.tick();
    expect(s.asked).toEqual(['gone']);
    expect(await s.journal.unsettled('p')).toEqual([]);
    expect(s.settled).toEqual([]);
  });

  it('does not announce a run that another tab already announced', async () => {
    const s = setup({ a: 'finished' });
    await s.record('a');
    await s.journal.markSettled('a');
    await s.watcher.tick();
    expect(s.settled).toEqual([]);
  });
});
