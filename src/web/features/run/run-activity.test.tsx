// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@contract/openapi-document';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { RunSummary } from './run-summary';

type Activity = Schemas['ExecutionActivity'];

/** A run page's summary on `server`, whose run `activity` says who did what (where it declares it). */
async function showRun(server: FakeV1Server, activity: Omit<Activity, 'execution_id' | 'workflow_id'>) {
  const workflow = server.addWorkflow({ name: 'Address check' });
  const run = server.addExecution(workflow.id, { status: 'error' });
  server.answer('GET', /\/activity$/, () =>
    Response.json({ execution_id: run.id, workflow_id: workflow.id, ...activity }),
  );
  await renderWithServer(
    <RunSummary
      workflowId={workflow.id}
      executionId={run.id}
      run={{
        execution: { id: run.id, workflow_id: workflow.id, status: 'error', created_at: run.created_at, results: [] },
        entry: null,
        checkedAt: Date.now(),
        sawApproval: false,
      }}
      rejected
    />,
    { server },
  );
}

const at = new Date(Date.now() - 3 * 60_000).toISOString();

describe('who did what on the run page', () => {
  it('says who started a run and who rejected it, with the comment', async () => {
    const server = new FakeV1Server({ extensions: true });
    await showRun(server, {
      started: { by: { key_id: 'k1', name: 'Ana’s laptop key' }, at },
      decision: { approved: false, by: { key_id: 'k2', name: 'Ben' }, comment: 'wrong address', at },
      cancelled: null,
    });
    const lines = within(await screen.findByRole('list', { name: 'Who did what' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Started by Ana’s laptop key',
      'Rejected by Ben: wrong address · 3 minutes ago',
    ]);
  });

  it('says who approved and who cancelled, and names a key that is gone as a removed key', async () => {
    const server = new FakeV1Server({ extensions: true });
    await showRun(server, {
      started: { by: { key_id: 'k1', name: null }, at },
      decision: { approved: true, by: { key_id: 'k2', name: 'Ben' }, comment: null, at },
      cancelled: { by: { key_id: 'k3', name: 'Carla' }, at },
    });
    const lines = within(await screen.findByRole('list', { name: 'Who did what' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Started by a removed key',
      'Approved by Ben · 3 minutes ago',
      'Cancelled by Carla · 3 minutes ago',
    ]);
  });

  it('shows no actor line and asks nothing on a server that does not declare who did what', async () => {
    const server = new FakeV1Server();
    await showRun(server, { started: { by: { key_id: 'k1', name: 'Ana' }, at }, decision: null, cancelled: null });
    await vi.waitFor(() => expect(screen.getByText(/Started/)).toBeDefined());
    expect(screen.queryByRole('list', { name: 'Who did what' })).toBeNull();
    expect(server.seen('GET', /\/activity$/)).toHaveLength(0);
  });
});
