import { describe, expect, it } from 'vitest';
import type { ListPage } from '@contract/openapi-document';
import type { ListedExecution } from '@/api/client';
import { estimateTotal, firstCursor, mergeRuns, readFeedPage, roundEstimate, type FeedRequest } from './runs-feed';

const run = (id: string, minute: number, status: ListedExecution['status'] = 'finished', workflow_id = 'w1') => ({
  id,
  workflow_id,
  status,
  created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
});

/** A fake server: each workflow's runs newest first, paged by created_at like v1. */
function fakeClient(runs: Record<string, ListedExecution[]>) {
  const calls: string[] = [];
  const page = (items: ListedExecution[], limit = 20, cursor?: string | null): ListPage<ListedExecution> => {
    const sorted = [...items].sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
    const from = cursor ? sorted.filter((r) => r.created_at < cursor) : sorted;
    const data = from.slice(0, limit);
    return { data, cursor: from.length > limit ? data.at(-1)!.created_at : null };
  };
  const client: FeedRequest['client'] = {
    listWorkflows: async () => {
      calls.push('workflows');
      return {
        data: Object.keys(runs).map((id) => ({
          id,
          name: `Name ${id}`,
          description: '',
          created_at: '',
          updated_at: '',
        })),
        cursor: null,
      };
    },
    listExecutions: async (workflowId, p = {}) => {
      calls.push(`list ${workflowId} ${p.cursor ?? 'first'}`);
      const all = runs[workflowId] ?? [];
      return page(p.statuses ? all.filter((r) => p.statuses!.includes(r.status)) : all, p.limit, p.cursor);
    },
    listAccountExecutions: async (p = {}) => {
      calls.push('account');
      return page(Object.values(runs).flat(), p.limit, p.cursor);
    },
  };
  return { client, calls };
}

describe('readFeedPage', () => {
  it('follows one workflow’s cursor and passes the server-side status filter', async () => {
    const { client } = fakeClient({ w1: [run('a', 1, 'error'), run('b', 2), run('c', 3, 'error')] });
    const request: FeedRequest = {
      client,
      scope: { kind: 'workflow', workflowId: 'w1' },
      globalList: false,
      limit: 1,
      priority: 'visible',
      statuses: ['error'],
    };
    const first = await readFeedPage(request, firstCursor(request));
    expect(first.items.map((r) => r.id)).toEqual(['c']);
    const second = await readFeedPage(request, first.next!);
    expect(second.items.map((r) => r.id)).toEqual(['a']);
    expect(second.next).toBeUndefined();
  });

  it('merges every workflow’s list in time order where the server has no cross-workflow list', async () => {
    const { client, calls } = fakeClient({
      w1: [run('a1', 1, 'finished', 'w1'), run('a5', 5, 'finished', 'w1'), run('a9', 9, 'finished', 'w1')],
      w2: [run('b2', 2, 'error', 'w2'), run('b3', 3, 'finished', 'w2')],
    });
    const request: FeedRequest = { client, scope: { kind: 'all' }, globalList: false, limit: 1, priority: 'visible' };
    const pages = [];
    let at = firstCursor(request);
    for (;;) {
      const page = await readFeedPage(request, at);
      pages.push(page.items);
      if (!page.next) break;
      at = page.next;
    }
    const merged = mergeRuns(undefined, pages);
    expect(merged.map((r) => r.id)).toEqual(['a9', 'a5', 'b3', 'b2', 'a1']);
    expect(merged.find((r) => r.id === 'b2')?.workflow_name).toBe('Name w2');
    expect(calls[0]).toBe('workflows');
  });

  it('uses the cross-workflow list in one request where the server declares it', async () => {
    const { client, calls } = fakeClient({ w1: [run('a', 1)], w2: [run('b', 2, 'finished', 'w2')] });
    const request: FeedRequest = { client, scope: { kind: 'all' }, globalList: true, limit: 10, priority: 'visible' };
    const page = await readFeedPage(request, firstCursor(request));
    expect(page.items.map((r) => r.id)).toEqual(['b', 'a']);
    expect(calls).toEqual(['account']);
  });
});

describe('mergeRuns', () => {
  it('lets the re-read first page update a run’s status and puts new runs on top', () => {
    const merged = mergeRuns([run('new', 9), run('b', 2, 'error')], [[run('b', 2, 'processing'), run('a', 1)]]);
    expect(merged.map((r) => [r.id, r.status])).toEqual([
      ['new', 'finished'],
      ['b', 'error'],
      ['a', 'finished'],
    ]);
  });
});

describe('estimateTotal', () => {
  it('scales what was scanned to the whole life of the workflow at the same pace', () => {
    const now = Date.UTC(2026, 0, 11);
    const origin = new Date(Date.UTC(2026, 0, 1)).toISOString();
    const oldest = new Date(Date.UTC(2026, 0, 9)).toISOString();
    expect(estimateTotal(2_000, oldest, origin, now)).toBe(10_000);
  });
  it('says nothing without an origin, and never less than was scanned', () => {
    expect(estimateTotal(10, '2026-01-01T00:00:00Z', undefined, Date.now())).toBeUndefined();
    expect(estimateTotal(10, '2026-01-01T00:00:00Z', '2026-01-01T00:00:01Z', Date.UTC(2026, 0, 2))).toBe(10);
  });
  it('rounds the way people say it', () => {
    expect(roundEstimate(5_648)).toBe(5_650);
    expect(roundEstimate(87)).toBe(87);
  });
});
