import { describe, expect, it } from 'vitest';
import type { WorkflowListItem } from '@contract/openapi-document';
import { NotFoundError } from '@/api/errors';
import type { ListedExecution } from '@/server-state/runs';
import { candidatesIn, findFor, SCAN_REQUESTS, type FindDeps, type Known } from './find-by-id';
import { readQuery } from './find-match';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';
const E = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

const workflow = (id: string, name: string, updated_at = '2026-01-01T00:00:00Z'): WorkflowListItem => ({
  id,
  name,
  description: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at,
});
const run = (id: string, workflow_id: string, created_at = '2026-01-02T00:00:00Z'): ListedExecution => ({
  id,
  workflow_id,
  status: 'finished',
  created_at,
});
/** A run id whose first 8 characters are `start`, unique by `n`. */
const runId = (start: string, n: number) => `${start}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A fake v1 server holding these workflows and runs, newest run first in each list, pages of `page`. */
function server(
  workflows: WorkflowListItem[],
  runs: ListedExecution[],
  { known = { workflows: [], runs: [] } as Known, globalList = false, page = 100 } = {},
) {
  const calls: string[] = [];
  const notFound = () => new NotFoundError('not found');
  const pageOf = <T>(items: T[], cursor: string | null | undefined) => {
    const from = Number(cursor ?? 0);
    const next = from + page < items.length ? String(from + page) : null;
    return { data: items.slice(from, from + page), cursor: next };
  };
  const deps: FindDeps = {
    known: () => known,
    allWorkflows: async () => {
      calls.push('workflows');
      return workflows;
    },
    journalWorkflowOf: async () => undefined,
    globalList,
    client: {
      getWorkflow: async (id) => {
        calls.push(`workflow ${id.slice(0, 1)}`);
        const w = workflows.find((x) => x.id === id);
        if (!w) throw notFound();
        return { ...w, input_schema: null };
      },
      getExecution: async (workflowId, executionId) => {
        calls.push(`run under ${workflowId.slice(0, 1)}`);
        const r = runs.find((x) => x.id === executionId && x.workflow_id === workflowId);
        if (!r) throw notFound();
        return { ...r, results: null };
      },
      listExecutions: async (workflowId, params = {}) => {
        calls.push(`runs of ${workflowId.slice(0, 1)} from ${params.cursor ?? 0}`);
        return pageOf(
          runs.filter((r) => r.workflow_id === workflowId),
          params.cursor,
        );
      },
      listAccountExecutions: async (params = {}) => {
        calls.push(`all runs from ${params.cursor ?? 0}`);
        return pageOf(
          runs.map((r) => ({ ...r, workflow_name: workflows.find((w) => w.id === r.workflow_id)!.name })),
          params.cursor,
        );
      },
    },
  };
  return { deps, calls };
}

describe('candidatesIn', () => {
  const known: Known = {
    workflows: [
      { id: W1, name: 'Invoices', updated_at: '2026-01-01T00:00:00Z' },
      { id: W2, name: 'Quote of the day', updated_at: '2026-01-03T00:00:00Z' },
    ],
    runs: [{ id: E, workflow_id: W1, status: 'error', created_at: '2026-01-02T00:00:00Z' }],
  };
  it('finds a loaded run by the 8 characters a list shows, with its workflow’s name', () => {
    expect(candidatesIn(readQuery('EEEEEEEE'), known)).toEqual([
      {
        kind: 'execution',
        workflowId: W1,
        executionId: E,
        workflowName: 'Invoices',
        status: 'error',
        at: '2026-01-02T00:00:00Z',
        score: 100,
      },
    ]);
  });
  it('finds workflows by a misspelt name, best match first', () => {
    const found = candidatesIn(readQuery('quote of teh'), known);
    expect(found.map((c) => c.kind === 'workflow' && c.name)).toEqual(['Quote of the day']);
    expect(candidatesIn(readQuery('o'), known).map((c) => c.kind === 'workflow' && c.name)).toEqual([
      'Quote of the day',
    ]);
  });
  it('finds a workflow by the start of its id', () => {
    expect(candidatesIn(readQuery('222222'), known)).toMatchObject([{ kind: 'workflow', workflowId: W2 }]);
  });
});

describe('findFor', () => {
  it('opens what a pasted link names without asking the server', async () => {
    const { deps, calls } = server([], []);
    expect(await findFor(`/api/v1/workflows/${W1}/executions/${E}`, deps)).toEqual({
      kind: 'open',
      target: { kind: 'execution', workflowId: W1, executionId: E },
    });
    expect(await findFor(`http://localhost/workflows/${W1}`, deps)).toEqual({
      kind: 'open',
      target: { kind: 'workflow', workflowId: W1 },
    });
    expect(calls).toEqual([]);
  });
  it('opens a workflow from its full id with one request', async () => {
    const { deps, calls } = server([workflow(W1, 'Invoices')], []);
    expect(await findFor(W1, deps)).toEqual({ kind: 'open', target: { kind: 'workflow', workflowId: W1 } });
    expect(calls).toEqual(['workflow 1']);
  });
  it('opens a run known from a loaded list without asking anything', async () => {
    const known: Known = { workflows: [], runs: [{ ...run(E, W1), status: 'finished' }] };
    const { deps, calls } = server([], [], { known });
    expect(await findFor(E, deps)).toMatchObject({ kind: 'open', target: { workflowId: W1, executionId: E } });
    expect(calls).toEqual([]);
  });
  it('looks under each workflow, most recently changed first, for an unknown full run id', async () => {
    const { deps, calls } = server(
      [workflow(W1, 'A', '2026-01-01T00:00:00Z'), workflow(W2, 'B', '2026-01-05T00:00:00Z')],
      [run(E, W1)],
    );
    expect(await findFor(E, deps)).toEqual({
      kind: 'open',
      target: { kind: 'execution', workflowId: W1, executionId: E },
    });
    expect(calls).toEqual(['workflow e', 'workflows', 'run under 2', 'run under 1']);
  });
  it('says how many workflows it looked in when no workflow or run has a full id', async () => {
    const { deps } = server([workflow(W1, 'A')], []);
    expect(await findFor(E, deps)).toEqual({
      kind: 'listed',
      candidates: [],
      looked: { through: 'workflows', checked: 1 },
    });
  });

  it('finds a run by its short id on a strict v1 server, reading each workflow’s newest page and stopping at the match', async () => {
    const target = runId('abcdef12', 1);
    const workflows = [
      workflow(W1, 'Invoices', '2026-01-05T00:00:00Z'),
      workflow(W2, 'Quotes', '2026-01-01T00:00:00Z'),
    ];
    const runs = [
      ...Array.from({ length: 5 }, (_, i) => run(runId('00000000', i), W1)),
      run(target, W2),
      run(runId('11111111', 9), W2),
    ];
    const { deps, calls } = server(workflows, runs, { page: 2 });
    const outcome = await findFor('abcdef12', deps);
    expect(outcome).toMatchObject({
      kind: 'listed',
      candidates: [{ kind: 'execution', executionId: target, workflowId: W2, workflowName: 'Quotes' }],
      looked: { through: 'runs', runs: 4, complete: false, stoppedAtMatch: true },
    });
    expect(calls).toEqual(['workflows', 'runs of 1 from 0', 'runs of 2 from 0']);
  });
  it('reads the account’s own list where the server has one', async () => {
    const target = runId('abcdef12', 1);
    const runs = [run(runId('00000000', 1), W1), run(runId('00000000', 2), W1), run(target, W1)];
    const { deps, calls } = server([workflow(W1, 'Invoices')], runs, { globalList: true, page: 2 });
    expect(await findFor('abcdef', deps)).toMatchObject({
      candidates: [{ executionId: target, workflowName: 'Invoices' }],
      looked: { through: 'runs', runs: 3, complete: true },
    });
    expect(calls).toEqual(['workflows', 'all runs from 0', 'all runs from 2']);
  });
  it('stops within its request budget and says the look was not complete', async () => {
    const runs = Array.from({ length: 500 }, (_, i) => run(runId('00000000', i), W1));
    const { deps, calls } = server([workflow(W1, 'Invoices')], runs, { page: 1 });
    expect(await findFor('abcdef12', deps)).toEqual({
      kind: 'listed',
      candidates: [],
      looked: { through: 'runs', runs: SCAN_REQUESTS, complete: false, stoppedAtMatch: false },
    });
    expect(calls.filter((c) => c.startsWith('runs of'))).toHaveLength(SCAN_REQUESTS);
  });
  it('does not read runs for a short id already loaded, nor for a name', async () => {
    const known: Known = { workflows: [], runs: [run(runId('abcdef12', 1), W1)] };
    const { deps, calls } = server([workflow(W1, 'Invoices')], [], { known });
    expect(await findFor('abcdef12', deps)).toMatchObject({ candidates: [{ workflowName: 'Invoices' }] });
    expect(await findFor('invoce', deps)).toMatchObject({ candidates: [{ kind: 'workflow', name: 'Invoices' }] });
    expect(calls).toEqual(['workflows', 'workflows']);
  });
  it('says the look was complete when every workflow’s only page was read, the match among them', async () => {
    const target = runId('abcdef12', 1);
    const { deps } = server([workflow(W1, 'Digest'), workflow(W2, 'Weekly')], [run(target, W1)]);
    expect(await findFor('abcdef12', deps)).toMatchObject({
      looked: { through: 'runs', runs: 1, complete: true, stoppedAtMatch: false },
    });
  });
  it('lists nothing, after reading every run, when no id starts with the text', async () => {
    const { deps } = server([workflow(W1, 'Invoices')], [run(E, W1)]);
    expect(await findFor('abcdef12', deps)).toEqual({
      kind: 'listed',
      candidates: [],
      looked: { through: 'runs', runs: 1, complete: true, stoppedAtMatch: false },
    });
  });
});
