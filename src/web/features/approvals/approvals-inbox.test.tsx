// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { UNDO_SECONDS } from './pending-decisions';
import { ApprovalsInbox } from './approvals-inbox';

// The undo window is passed by moving the clock, not by waiting for it.
beforeEach(() => void vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => void vi.useRealTimers());
const passUndoWindow = () => act(() => vi.advanceTimersByTimeAsync(UNDO_SECONDS * 1000 + 100));

/** A server with the local extensions: two workflows, three runs waiting for a person and one finished. */
function serverWithWaitingRuns() {
  const server = new FakeV1Server({ extensions: true });
  const invoices = server.addWorkflow({ name: 'Invoice intake' });
  const contracts = server.addWorkflow({ name: 'Contract review' });
  server.addExecution(invoices.id, { status: 'finished', results: [] });
  const first = server.addExecution(invoices.id, { status: 'human_in_the_loop' });
  const second = server.addExecution(contracts.id, { status: 'human_in_the_loop' });
  const third = server.addExecution(invoices.id, { status: 'human_in_the_loop' });
  return { server, runs: [first, second, third] };
}

async function openInbox(server: FakeV1Server) {
  const rendered = await renderWithServer(<ApprovalsInbox />, { server });
  const list = await screen.findByRole('list', { name: 'Runs waiting for approval' });
  return { ...rendered, list };
}

const cardOf = (list: HTMLElement, runId: string) =>
  within(list)
    .getAllByRole('listitem')
    .find((card) => card.textContent?.includes(runId.slice(0, 8)))!;

const summary = () => screen.getAllByRole('status').find((s) => /waiting/.test(s.textContent ?? ''))?.textContent ?? '';

describe('ApprovalsInbox', () => {
  it('lists the runs waiting for a person across workflows, with how many', async () => {
    const { server } = serverWithWaitingRuns();
    const { list } = await openInbox(server);

    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('heading', { name: 'Invoice intake' })).toHaveLength(2);
    expect(within(list).getByRole('heading', { name: 'Contract review' })).toBeDefined();
    expect(summary()).toMatch(/^3 runs waiting, from the server’s list of waiting runs/);
  });

  it('sends an approval once the undo window has passed, and the run leaves the inbox', async () => {
    const { server, runs } = serverWithWaitingRuns();
    const { user, list } = await openInbox(server);
    const card = cardOf(list, runs[1]!.id);

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(within(card).getByRole('status').textContent).toContain(`Approving in ${UNDO_SECONDS} seconds.`);
    expect(server.seen('POST', /\/approval$/)).toHaveLength(0);
    await passUndoWindow();

    await vi.waitFor(() => expect(server.seen('POST', /\/approval$/)).toHaveLength(1));
    const [sent] = server.seen('POST', /\/approval$/);
    expect(sent!.path).toBe(`/workflows/${runs[1]!.workflow_id}/executions/${runs[1]!.id}/approval`);
    expect(sent!.body).toEqual({ approved: true });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(summary()).toMatch(/^2 runs waiting/);
  });

  it('sends nothing when the decision is undone in time', async () => {
    const { server, runs } = serverWithWaitingRuns();
    const { user, list } = await openInbox(server);
    const card = cardOf(list, runs[0]!.id);

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await user.click(within(card).getByRole('button', { name: 'Undo' }));
    await passUndoWindow();

    expect(server.seen('POST', /\/approval$/)).toHaveLength(0);
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeDefined();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  });

  it('asks for a comment before rejecting, and sends it with the rejection', async () => {
    const { server, runs } = serverWithWaitingRuns();
    const { user, list } = await openInbox(server);
    const card = cardOf(list, runs[2]!.id);

    await user.click(within(card).getByRole('button', { name: 'Reject…' }));
    await user.type(within(card).getByLabelText(/Comment/), 'The totals do not match');
    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    await passUndoWindow();

    await vi.waitFor(() => expect(server.seen('POST', /\/approval$/)).toHaveLength(1));
    expect(server.seen('POST', /\/approval$/)[0]!.body).toEqual({
      approved: false,
      comment: 'The totals do not match',
    });
  });

  it('approves every selected run at once', async () => {
    const { server } = serverWithWaitingRuns();
    const { user } = await openInbox(server);

    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (3)' }));
    await passUndoWindow();

    await vi.waitFor(() => expect(server.seen('POST', /\/approval$/)).toHaveLength(3));
    expect(await screen.findByText('Nothing waits for approval')).toBeDefined();
  });

  it('says a refused decision was not recorded, and keeps the run in the inbox', async () => {
    const { server, runs } = serverWithWaitingRuns();
    server.answer(
      'POST',
      /\/approval$/,
      () => new Response(JSON.stringify({ error: 'Someone else decided first.' }), { status: 409 }),
    );
    const { user, list } = await openInbox(server);
    const card = cardOf(list, runs[0]!.id);

    await user.click(within(card).getByRole('button', { name: 'Approve' }));
    await passUndoWindow();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some decisions were not recorded');
    expect(alert.textContent).toContain(`${runs[0]!.id.slice(0, 8)}: Someone else decided first.`);
    expect(cardOf(list, runs[0]!.id)).toBeDefined();
  });

  it('offers no decision buttons on a server without the approval extension', async () => {
    const server = new FakeV1Server();
    const workflow = server.addWorkflow({ name: 'Invoice intake' });
    server.addExecution(workflow.id, { status: 'human_in_the_loop' });
    const { list } = await openInbox(server);

    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(list.textContent).toContain('This server offers no way to approve from the dashboard');
  });
});

describe('ApprovalsInbox and who started each run', () => {
  it('names the key that started each waiting run, where the server says', async () => {
    const server = new FakeV1Server({ extensions: true });
    const invoices = server.addWorkflow({ name: 'Invoice intake' });
    const named = server.addExecution(invoices.id, {
      status: 'human_in_the_loop',
      startedBy: { key_id: 'k1', name: 'Ana’s laptop' },
    });
    const gone = server.addExecution(invoices.id, {
      status: 'human_in_the_loop',
      startedBy: { key_id: 'k2', name: null },
    });
    const unknown = server.addExecution(invoices.id, { status: 'human_in_the_loop' });
    const { list } = await openInbox(server);

    expect(cardOf(list, named.id).textContent).toContain('started by Ana’s laptop');
    expect(cardOf(list, gone.id).textContent).toContain('started by a removed key');
    expect(cardOf(list, unknown.id).textContent).not.toContain('started by');
  });
});
