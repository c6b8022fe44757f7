// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Schemas } from '@contract/openapi-document';
import { FakeV1Server, renderWithServer } from '@/testing/render';
import { RetentionNote } from './retention-note';
import { RetentionSection } from './retention-section';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SERVICE: Schemas['Retention'] = {
  days: 30,
  max_runs: 100_000,
  account_days: null,
  account_max_runs: null,
  service_days: 30,
  service_max_runs: 100_000,
};

/** A server with the extensions whose GET /retention answers `retention`, and whose PUT keeps what it is sent. */
function serverKeeping(retention: Schemas['Retention']) {
  const server = new FakeV1Server({ extensions: true });
  let current = retention;
  server.answer('GET', /^\/retention$/, () => json(current));
  server.answer('PUT', /^\/retention$/, (request) => {
    const { days, max_runs } = request.body as Schemas['RetentionUpdate'];
    current = {
      ...current,
      account_days: days,
      account_max_runs: max_runs,
      days: days ?? current.service_days,
      max_runs: max_runs ?? current.service_max_runs,
    };
    return json(current);
  });
  return server;
}

describe('RetentionNote', () => {
  it('says how long the server keeps runs, with the count when one is set', async () => {
    await renderWithServer(<RetentionNote />, { server: serverKeeping(SERVICE) });
    expect(await screen.findByText('Older runs are kept for 30 days, up to the newest 100,000 runs.')).toBeTruthy();
  });

  it('says only the days when the server keeps any number of runs', async () => {
    await renderWithServer(<RetentionNote />, { server: serverKeeping({ ...SERVICE, max_runs: null }) });
    expect(await screen.findByText('Older runs are kept for 30 days.')).toBeTruthy();
  });

  it('says nothing on a plain v1 server, and never asks it', async () => {
    const { server } = await renderWithServer(<RetentionNote />, { server: new FakeV1Server() });
    await vi.waitFor(() => expect(server.seen('GET', /^\/openapi\.json$/)).toHaveLength(1));
    expect(screen.queryByText(/runs are kept/)).toBeNull();
    expect(server.seen('GET', /^\/retention$/)).toHaveLength(0);
  });
});

describe('RetentionSection', () => {
  it("saves the account's shorter retention and says so", async () => {
    const server = serverKeeping(SERVICE);
    await renderWithServer(<RetentionSection />, { server });
    fireEvent.change(await screen.findByLabelText('Keep ended runs for (days)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));

    expect(await screen.findByText('Saved. Runs past it are removed within a few minutes.')).toBeTruthy();
    expect(server.seen('PUT', /^\/retention$/)[0]!.body).toEqual({ days: 7, max_runs: null });
    expect(screen.getByText('Older runs are kept for 7 days, up to the newest 100,000 runs.')).toBeTruthy();
  });

  it("says next to the field when a value passes the server's limit or is not a whole number, and sends nothing", async () => {
    const server = serverKeeping(SERVICE);
    await renderWithServer(<RetentionSection />, { server });
    fireEvent.change(await screen.findByLabelText('Keep ended runs for (days)'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('Keep at most (newest runs)'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save retention' }));

    expect(screen.getByLabelText('Keep ended runs for (days)').getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(await screen.findByText('This server keeps runs at most 30 days; enter 30 or fewer.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number of runs, 1 or more, or leave it empty.')).toBeTruthy();
    expect(server.seen('PUT', /^\/retention$/)).toHaveLength(0);
  });

  it('shows the sentence without a form where the server does not let the account change it', async () => {
    const server = serverKeeping(SERVICE);
    server.answer('GET', /^\/openapi\.json$/, async () => {
      const document = (await import('@contract/openapi.json')).default as { paths: Record<string, object> };
      const { put: _put, ...onlyGet } = document.paths['/retention'] as Record<string, unknown>;
      return json({ ...document, paths: { ...document.paths, '/retention': onlyGet } });
    });
    await renderWithServer(<RetentionSection />, { server });

    expect(await screen.findByText('Older runs are kept for 30 days, up to the newest 100,000 runs.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save retention' })).toBeNull();
  });

  it('tells a member key why it cannot change retention, instead of a form that would fail', async () => {
    const server = serverKeeping(SERVICE);
    server.addKey({ name: 'Ana', secret: server.apiKey, source: 'dashboard', role: 'member' });
    await renderWithServer(<RetentionSection />, { server });

    expect(
      await screen.findByText(/This browser uses a member key, so it can read how long runs are kept/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save retention' })).toBeNull();
    expect(screen.getByText('Older runs are kept for 30 days, up to the newest 100,000 runs.')).toBeTruthy();
  });

  it('lists who changed retention, from what to what', async () => {
    const server = serverKeeping({
      ...SERVICE,
      changes: [
        {
          changed_at: new Date(Date.now() - 2 * 60_000).toISOString(),
          changed_by: { id: 'key-1', name: 'Ana' },
          from: { days: null, max_runs: null },
          to: { days: 7, max_runs: null },
        },
      ],
    });
    await renderWithServer(<RetentionSection />, { server });

    const changes = await screen.findByRole('list', { name: 'Recent changes of retention' });
    expect(changes.textContent).toContain('by Ana');
    expect(changes.textContent).toContain('from the server’s days, the server’s number of runs to 7 days');
  });
});
