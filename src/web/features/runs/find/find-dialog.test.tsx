// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { FindDialog } from './find-dialog';

function serverWithWorkflows() {
  const server = new FakeV1Server();
  const invoices = server.addWorkflow({ name: 'Invoice intake' });
  const reviews = server.addWorkflow({ name: 'Invoice review' });
  const sales = server.addWorkflow({ name: 'Sales outreach' });
  return { server, invoices, reviews, sales };
}

async function openFind(server: FakeV1Server) {
  const rendered = await renderWithServer(<FindDialog request={1} />, { server });
  const input = await screen.findByRole('combobox', { name: 'Name, id or link' });
  return { ...rendered, input };
}

const pathOf = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname;

describe('FindDialog', () => {
  it('lists the workflows whose name is like what is typed, and opens nothing yet', async () => {
    const { server } = serverWithWorkflows();
    const { user, input, router } = await openFind(server);

    await user.type(input, 'invoic');

    const matches = await screen.findByRole('listbox', { name: 'Matches' });
    await vi.waitFor(() => expect(within(matches).getAllByRole('option')).toHaveLength(2));
    const names = within(matches)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.some((n) => n?.includes('Invoice intake'))).toBe(true);
    expect(names.some((n) => n?.includes('Sales outreach'))).toBe(false);
    expect(pathOf(router)).toBe('/');
  });

  it('moves through the matches with the arrow keys and opens the chosen workflow with Enter', async () => {
    const { server, invoices, reviews } = serverWithWorkflows();
    const { user, input, router } = await openFind(server);
    await user.type(input, 'invoice');
    const options = await vi.waitFor(() => {
      const found = screen.getAllByRole('option');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');

    await user.keyboard('{ArrowDown}');

    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    const chosen = options[1]!.textContent!.includes('Invoice review') ? reviews : invoices;
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/workflows/${chosen.id}`));
  });

  it('opens a run from its full id by asking each workflow for it', async () => {
    const { server, sales } = serverWithWorkflows();
    const run = server.addExecution(sales.id, { status: 'finished', results: [] });
    const { user, input, router } = await openFind(server);

    await user.type(input, `${run.id}{Enter}`);

    await vi.waitFor(() => expect(pathOf(router)).toBe(`/workflows/${sales.id}/executions/${run.id}`));
  });

  it('says that nothing has an id when no workflow knows it', async () => {
    const { server } = serverWithWorkflows();
    const { user, input, router } = await openFind(server);
    const unknown = '0b6f7c1e-4d52-4a8e-9c3e-2f1a5b7d9e01';

    await user.type(input, `${unknown}{Enter}`);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`No workflow or run has the id ${unknown} in this account (looked in 3 workflows).`);
    expect(pathOf(router)).toBe('/');
  });

  it('says what went wrong when the server fails, and stays open to try again', async () => {
    const { server } = serverWithWorkflows();
    server.answer(
      'GET',
      /^\/workflows\/[^/]+$/,
      () => new Response(JSON.stringify({ error: 'The store is unavailable.' }), { status: 500 }),
    );
    const { user, input } = await openFind(server);

    await user.type(input, '0b6f7c1e-4d52-4a8e-9c3e-2f1a5b7d9e01{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The store is unavailable.');
    expect(screen.getByRole('button', { name: 'Open' }).hasAttribute('disabled')).toBe(false);
  });

  it('opens a run as its short id is typed, without Enter, asking the server once', async () => {
    const { server, sales } = serverWithWorkflows();
    const run = server.addExecution(sales.id, { status: 'finished', results: [] });
    const { user, input, router } = await openFind(server);
    const lists = () =>
      server.requests.filter((r) => r.method === 'GET' && /\/executions$/.test(r.path.split('?')[0]!)).length;

    await user.type(input, run.id.slice(0, 8));

    await vi.waitFor(() => expect(pathOf(router)).toBe(`/workflows/${sales.id}/executions/${run.id}`));
    // One look through the three workflows' newest runs, not one per keystroke.
    expect(lists()).toBeLessThanOrEqual(3);
  });

  it('looks up the shorter start of an id only on Enter, then opens its single match', async () => {
    const { server, sales } = serverWithWorkflows();
    const run = server.addExecution(sales.id, { status: 'finished', results: [] });
    const { user, input, router } = await openFind(server);

    await user.type(input, run.id.slice(0, 6));
    await new Promise((r) => setTimeout(r, 500));
    expect(pathOf(router)).toBe('/');

    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(pathOf(router)).toBe(`/workflows/${sales.id}/executions/${run.id}`));
  });
});
