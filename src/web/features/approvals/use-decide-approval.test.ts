import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail } from '@contract/openapi-document';
import { executionQueries } from '@/features/executions/execution-queries';
import type { FeedPage } from '@/features/runs-list/feed';
import type { RunRow } from '@/features/runs-list/run-filter';
import { runsQueries, type FeedKey } from '@/features/runs-list/runs-queries';
import { workflowQueries } from '@/features/workflows/workflow-queries';
import { approvalQueries } from './approval-queries';
import { refreshAfterDecision, refreshAfterOtherTabsDecision } from './use-decide-approval';

const WF = '11111111-1111-4111-8111-111111111111';
const run = (id: string, status: RunRow['status']): RunRow => ({
  id,
  workflow_id: WF,
  status,
  created_at: '2026-03-10T12:00:00.000Z',
});
const page = (...items: RunRow[]): FeedPage => ({ items, next: undefined, requests: 1 });

describe('refreshAfterDecision', () => {
  const everyRun: FeedKey = { scope: { kind: 'all' }, globalList: true };
  const workflowRuns: FeedKey = { scope: { kind: 'workflow', workflowId: WF }, globalList: false };

  function seeded() {
    const client = new QueryClient();
    client.setQueryData(runsQueries.head(everyRun).queryKey, page(run('a', 'human_in_the_loop'), run('b', 'finished')));
    client.setQueryData<InfiniteData<FeedPage>>(runsQueries.feed(workflowRuns).queryKey, {
      pages: [page(run('b', 'finished')), page(run('a', 'human_in_the_loop'))],
      pageParams: [null, null],
    });
    client.setQueryData(approvalQueries.waitingCount().queryKey, { count: 1, more: false });
    client.setQueryData(workflowQueries.list().queryKey, { pages: [], pageParams: [] });
    return client;
  }

  it('shows the decided run’s new status in every list at once, pages read further back included', () => {
    const client = seeded();
    const detail = { id: 'a', workflow_id: WF, status: 'error', created_at: '', results: null } as ExecutionDetail;
    refreshAfterDecision(client, WF, detail);
    expect(client.getQueryData<FeedPage>(runsQueries.head(everyRun).queryKey)?.items.map((r) => r.status)).toEqual([
      'error',
      'finished',
    ]);
    const pages = client.getQueryData<InfiniteData<FeedPage>>(runsQueries.feed(workflowRuns).queryKey)!.pages;
    expect(pages[1]!.items[0]!.status).toBe('error');
    expect(client.getQueryData(executionQueries.detail(WF, 'a').queryKey)).toBe(detail);
  });

  it('marks the count, the lists, the workflow’s runs and the workflows list for a fresh read', () => {
    const client = seeded();
    refreshAfterDecision(client, WF, undefined);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(approvalQueries.waitingCount().queryKey)).toBe(true);
    expect(stale(runsQueries.head(everyRun).queryKey)).toBe(true);
    expect(stale(runsQueries.feed(workflowRuns).queryKey)).toBe(true);
    expect(stale(workflowQueries.list().queryKey)).toBe(true);
  });
});

describe('refreshAfterOtherTabsDecision', () => {
  it('shows the new status another tab reported, and marks the count and lists for a fresh read', () => {
    const client = new QueryClient();
    const everyRun: FeedKey = { scope: { kind: 'all' }, globalList: true };
    client.setQueryData(runsQueries.head(everyRun).queryKey, page(run('a', 'human_in_the_loop')));
    client.setQueryData(approvalQueries.waitingCount().queryKey, { count: 1, more: false });
    refreshAfterOtherTabsDecision(client, { workflowId: WF, executionId: 'a', status: 'finished' });
    expect(client.getQueryData<FeedPage>(runsQueries.head(everyRun).queryKey)?.items[0]?.status).toBe('finished');
    expect(client.getQueryState(approvalQueries.waitingCount().queryKey)?.isInvalidated).toBe(true);
  });

  it('leaves the lists as they are when the other tab knew no status', () => {
    const client = new QueryClient();
    const everyRun: FeedKey = { scope: { kind: 'all' }, globalList: true };
    client.setQueryData(runsQueries.head(everyRun).queryKey, page(run('a', 'human_in_the_loop')));
    refreshAfterOtherTabsDecision(client, { workflowId: WF, executionId: 'a' });
    expect(client.getQueryData<FeedPage>(runsQueries.head(everyRun).queryKey)?.items[0]?.status).toBe(
      'human_in_the_loop',
    );
    expect(client.getQueryState(runsQueries.head(everyRun).queryKey)?.isInvalidated).toBe(true);
  });
});
