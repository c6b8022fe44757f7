import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ExecutionDetail, WorkflowDetail } from '@contract/openapi-document';
import { approvalQueries, refreshAfterOtherTabsDecision } from './approvals';
import { queryKeys } from './query-keys';
import { refreshAfter } from './refresh';
import { feedQueries, runQueries, type FeedKey } from './runs';
import type { FeedPage, FeedRow } from './runs-feed';
import { serverQueries } from './server';
import { workflowQueries } from './workflows';

const WF = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const run = (id: string, status: FeedRow['status']): FeedRow => ({
  id,
  workflow_id: WF,
  status,
  created_at: '2026-03-10T12:00:00.000Z',
});
const page = (...items: FeedRow[]): FeedPage => ({ items, next: undefined, requests: 1 });
const detailOf = (id: string, status: ExecutionDetail['status']) =>
  ({ id, workflow_id: WF, status, created_at: '', results: null }) as ExecutionDetail;
const workflow = (id: string) =>
  ({
    id,
    name: 'Press release',
    description: '',
    created_at: '',
    updated_at: '',
    input_schema: null,
  }) as WorkflowDetail;

const everyRun: FeedKey = { scope: { kind: 'all' }, globalList: true };
const workflowRuns: FeedKey = { scope: { kind: 'workflow', workflowId: WF }, globalList: false };

/** A cache holding everything the dashboard shows about runs, as after a visit to each page. */
function seeded() {
  const client = new QueryClient();
  client.setQueryData(serverQueries.capabilities().queryKey, {} as never);
  client.setQueryData(approvalQueries.waitingCount().queryKey, { count: 1, more: false });
  client.setQueryData(feedQueries.head(everyRun).queryKey, page(run('a', 'human_in_the_loop'), run('b', 'finished')));
  client.setQueryData<InfiniteData<FeedPage>>(feedQueries.pages(workflowRuns).queryKey, {
    pages: [page(run('b', 'finished')), page(run('a', 'human_in_the_loop'))],
    pageParams: [null, null],
  });
  client.setQueryData(workflowQueries.list().queryKey, { pages: [], pageParams: [] });
  client.setQueryData(workflowQueries.detail(WF).queryKey, workflow(WF));
  client.setQueryData(runQueries.list(WF).queryKey, { pages: [], pageParams: [] });
  client.setQueryData(workflowQueries.recentRuns(WF).queryKey, { data: [], cursor: null });
  client.setQueryData(runQueries.detail(WF, 'a').queryKey, detailOf('a', 'human_in_the_loop'));
  client.setQueryData(runQueries.detail(OTHER, 'c').queryKey, detailOf('c', 'processing'));
  return client;
}

const staleIn = (client: QueryClient) => (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated === true;

describe('a decision', () => {
  it('shows the decided run’s new status on its page and in every runs list at once, pages read further back included', () => {
    const client = seeded();
    const detail = detailOf('a', 'error');
    refreshAfter.decision(client, WF, { executionId: 'a', detail });
    expect(client.getQueryData<FeedPage>(feedQueries.head(everyRun).queryKey)?.items.map((r) => r.status)).toEqual([
      'error',
      'finished',
    ]);
    const pages = client.getQueryData<InfiniteData<FeedPage>>(feedQueries.pages(workflowRuns).queryKey)!.pages;
    expect(pages[1]!.items[0]!.status).toBe('error');
    expect(client.getQueryData(runQueries.detail(WF, 'a').queryKey)).toEqual(detail);
  });

  it('refreshes the header’s count, the inbox and runs lists, the workflows list, the workflow’s runs and the run', () => {
    const client = seeded();
    refreshAfter.decision(client, WF, { executionId: 'a' });
    const stale = staleIn(client);
    expect(stale(approvalQueries.waitingCount().queryKey)).toBe(true);
    expect(stale(feedQueries.head(everyRun).queryKey)).toBe(true);
    expect(stale(feedQueries.pages(workflowRuns).queryKey)).toBe(true);
    expect(stale(workflowQueries.list().queryKey)).toBe(true);
    expect(stale(runQueries.list(WF).queryKey)).toBe(true);
    expect(stale(workflowQueries.recentRuns(WF).queryKey)).toBe(true);
    expect(stale(runQueries.detail(WF, 'a').queryKey)).toBe(true);
  });

  it('leaves other workflows’ runs, the workflow itself and the server’s capabilities alone', () => {
    const client = seeded();
    refreshAfter.decision(client, WF, { executionId: 'a' });
    const stale = staleIn(client);
    expect(stale(runQueries.detail(OTHER, 'c').queryKey)).toBe(false);
    expect(stale(workflowQueries.detail(WF).queryKey)).toBe(false);
    expect(stale(serverQueries.capabilities().queryKey)).toBe(false);
  });

  it('made in another tab shows the status that tab reported, then refreshes the same views', () => {
    const client = seeded();
    refreshAfterOtherTabsDecision(client, { workflowId: WF, executionId: 'a', status: 'finished' });
    expect(client.getQueryData<FeedPage>(feedQueries.head(everyRun).queryKey)?.items[0]?.status).toBe('finished');
    expect(staleIn(client)(approvalQueries.waitingCount().queryKey)).toBe(true);
    expect(staleIn(client)(runQueries.detail(WF, 'a').queryKey)).toBe(true);
  });

  it('made in another tab that knew no status leaves the lists as they are, marked for a fresh read', () => {
    const client = seeded();
    refreshAfterOtherTabsDecision(client, { workflowId: WF, executionId: 'a' });
    expect(client.getQueryData<FeedPage>(feedQueries.head(everyRun).queryKey)?.items[0]?.status).toBe(
      'human_in_the_loop',
    );
    expect(staleIn(client)(feedQueries.head(everyRun).queryKey)).toBe(true);
  });
});

describe('a workflow change', () => {
  it('a new workflow refreshes the workflows list only', () => {
    const client = seeded();
    refreshAfter.workflowCreated(client);
    expect(staleIn(client)(workflowQueries.list().queryKey)).toBe(true);
    expect(staleIn(client)(workflowQueries.detail(WF).queryKey)).toBe(false);
  });

  it('a rename or re-plan shows the server’s answer on the page and refreshes the list', () => {
    const client = seeded();
    const renamed = { ...workflow(WF), name: 'Launch note' };
    refreshAfter.workflowChanged(client, renamed);
    expect(client.getQueryData(workflowQueries.detail(WF).queryKey)).toEqual(renamed);
    expect(staleIn(client)(workflowQueries.list().queryKey)).toBe(true);
  });

  it('a deletion forgets the workflow and its runs, and refreshes everything else but the capabilities', async () => {
    const client = seeded();
    await refreshAfter.workflowDeleting(client);
    expect(staleIn(client)(workflowQueries.list().queryKey)).toBe(true);
    refreshAfter.workflowDeleted(client, WF);
    expect(client.getQueryData(workflowQueries.detail(WF).queryKey)).toBeUndefined();
    expect(client.getQueryData(runQueries.detail(WF, 'a').queryKey)).toBeUndefined();
    expect(client.getQueryData(runQueries.list(WF).queryKey)).toBeUndefined();
    expect(staleIn(client)(runQueries.detail(OTHER, 'c').queryKey)).toBe(true);
    expect(staleIn(client)(approvalQueries.waitingCount().queryKey)).toBe(true);
    expect(staleIn(client)(serverQueries.capabilities().queryKey)).toBe(false);
  });
});

describe('a run change', () => {
  it('a started run refreshes its workflow’s runs, the runs lists’ first pages and the workflows list', () => {
    const client = seeded();
    refreshAfter.runStarted(client, WF);
    const stale = staleIn(client);
    expect(stale(runQueries.list(WF).queryKey)).toBe(true);
    expect(stale(workflowQueries.recentRuns(WF).queryKey)).toBe(true);
    expect(stale(feedQueries.head(everyRun).queryKey)).toBe(true);
    expect(stale(workflowQueries.list().queryKey)).toBe(true);
    expect(stale(runQueries.detail(OTHER, 'c').queryKey)).toBe(false);
  });

  it('cancelled runs also refresh the approvals count, as a waiting run may be among them', () => {
    const client = seeded();
    refreshAfter.runsCancelled(client, WF);
    expect(staleIn(client)(approvalQueries.waitingCount().queryKey)).toBe(true);
    expect(staleIn(client)(runQueries.list(WF).queryKey)).toBe(true);
    expect(staleIn(client)(feedQueries.head(everyRun).queryKey)).toBe(true);
  });

  it('a run seen ending shows on its page and refreshes its workflow’s runs', () => {
    const client = seeded();
    const ended = detailOf('a', 'finished');
    refreshAfter.runSettled(client, WF, ended);
    expect(client.getQueryData(runQueries.detail(WF, 'a').queryKey)).toEqual(ended);
    expect(staleIn(client)(runQueries.list(WF).queryKey)).toBe(true);
  });
});

describe('the key tree', () => {
  it('caches one run under one key shape, with its steps and input beneath it', () => {
    const run = queryKeys.runs.detail(WF, 'a');
    expect(queryKeys.runs.steps(WF, 'a', 'processing').slice(0, run.length)).toEqual(run);
    expect(queryKeys.runs.input(WF, 'a', true).slice(0, run.length)).toEqual(run);
    expect(run.slice(0, 3)).toEqual(queryKeys.runs.ofWorkflow(WF));
  });
});
